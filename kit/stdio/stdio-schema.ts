/**
 * Validation of the stdio protocols' frames against the project's own schemas
 * (schemas/stdio-adapter.schema.json and schemas/runtime-v1.schema.json): the envelope and
 * events of the adapter protocol, the request and events of the runtime protocol.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";

export type StdioSchemaName = "stdio-adapter" | "runtime-v1";

const validators = new Map<string, ValidateFunction>();
let ajv: Ajv2020 | undefined;

function schemaText(name: StdioSchemaName): string {
  // From dist/kit/stdio/ and from kit/stdio/ (tests run the TypeScript directly).
  for (const relative of [`../../../schemas/${name}.schema.json`, `../../schemas/${name}.schema.json`]) {
    try {
      return readFileSync(new URL(relative, import.meta.url), "utf8");
    } catch {
      // try the next location
    }
  }
  throw new Error(`schemas/${name}.schema.json is missing from the package`);
}

/** Validators precompiled at build time (dist/kit/stdio/stdio-validators.cjs); absent when the TypeScript runs directly. */
let precompiled: Record<string, ValidateFunction> | undefined;
function precompiledValidators(): Record<string, ValidateFunction> {
  if (precompiled) return precompiled;
  try {
    precompiled = createRequire(import.meta.url)("./stdio-validators.cjs") as Record<
      string,
      ValidateFunction
    >;
  } catch {
    precompiled = {};
  }
  return precompiled;
}

function validator(name: StdioSchemaName, definition: string): ValidateFunction {
  const key = `${name}#${definition}`;
  let validate = validators.get(key) ?? precompiledValidators()[key];
  if (!validate) {
    // Loaded on first use: only the stdio modes validate these frames, and ajv costs start-up time.
    ajv ??= new (
      createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")
    ).Ajv2020({ allErrors: true, strict: false });
    const schema = JSON.parse(schemaText(name)) as { $id: string; $defs: Record<string, unknown> };
    if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    if (!(definition in schema.$defs))
      throw new Error(`schemas/${name}.schema.json has no $defs/${definition}`);
    validate = ajv.getSchema(`${schema.$id}#/$defs/${definition}`)!;
    validators.set(key, validate);
  }
  return validate;
}

/** Why `value` is not a valid `definition` of the schema (one line per problem), or undefined when it is. */
export function stdioFrameProblems(
  name: StdioSchemaName,
  definition: string,
  value: unknown,
): string | undefined {
  const validate = validator(name, definition);
  if (validate(value)) return undefined;
  return [
    ...new Set(
      (validate.errors ?? []).map(
        (error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`,
      ),
    ),
  ].join("; ");
}
