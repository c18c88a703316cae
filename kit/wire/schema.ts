/**
 * Validation of ACP payloads against the official v1 JSON Schema that ships inside
 * `@agentclientprotocol/sdk`, so the kit checks exactly the schema the SDK was built from.
 *
 * The schema's top level is a union of every message, which gives useless errors. Instead we
 * derive a method table from the `x-method` / `x-side` annotations of its `$defs` and validate
 * each `params` or `result` against the one definition for its method.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import { explainErrors, type SchemaIssue } from "./schema-errors.js";

const require = createRequire(import.meta.url);

/** Path of the pinned schema file inside the installed SDK package. */
export const ACP_SCHEMA_PATH: string = require.resolve("@agentclientprotocol/sdk/schema/v1/schema.json");

/** Path of the pinned ACP v2 (draft) schema inside the installed SDK package. */
export const ACP_V2_SCHEMA_PATH: string = require.resolve("@agentclientprotocol/sdk/schema/v2/schema.json");

/** Which side handles a method: `agent` methods are sent by clients, and the reverse. */
export type MethodSide = "agent" | "client" | "protocol";

export interface MethodInfo {
  method: string;
  kind: "request" | "notification";
  handledBy: MethodSide;
  paramsDef: string;
  resultDef: string | undefined;
}

export type { SchemaIssue };

export type SchemaDocument = { $defs: Record<string, Record<string, unknown>> };

function buildMethodTable(schema: SchemaDocument): Map<string, MethodInfo> {
  const table = new Map<string, MethodInfo>();
  const results = new Map<string, string>();
  for (const [name, def] of Object.entries(schema.$defs)) {
    const method = def["x-method"];
    const side = def["x-side"];
    if (typeof method !== "string" || typeof side !== "string") continue;
    if (name.endsWith("Response")) results.set(method, name);
    else {
      const kind = name.endsWith("Notification") ? "notification" : "request";
      table.set(method, {
        method,
        kind,
        handledBy: side as MethodSide,
        paramsDef: name,
        resultDef: undefined,
      });
    }
  }
  for (const [method, resultDef] of results) {
    const info = table.get(method);
    if (info) info.resultDef = resultDef;
  }
  return table;
}

/**
 * The ajv instance that validates ACP payloads, shared by the kit and by the build step that
 * precompiles it (scripts/build-validators.mjs), so the two cannot drift apart.
 */
export function createAcpAjv(document: SchemaDocument, options: { source?: boolean } = {}): Ajv2020 {
  // Loaded on demand: with the precompiled validators the kit never needs ajv itself.
  const { Ajv2020: AjvClass } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const ajv = new AjvClass({
    allErrors: true,
    strict: false,
    validateFormats: true,
    ...(options.source ? { code: { source: true } } : {}),
  });
  // The schema uses Rust-flavoured numeric formats; ranges are already given by
  // minimum/maximum where they matter, so the formats only need to be known.
  for (const format of ["uint16", "uint32", "uint64", "int32", "int64", "double"])
    ajv.addFormat(format, true);
  // A regular expression rather than a function: precompiled (standalone) code can inline it.
  ajv.addFormat("uri", /^[a-zA-Z][a-zA-Z0-9+.-]*:/);
  // Formats only the v2 schema uses: RFC 3339 timestamps (session listings' updatedAt) are held
  // to their shape; a "regex" is a pattern for the peer's own use, known but not compiled here.
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i);
  ajv.addFormat("regex", true);
  ajv.addSchema(document, "acp");
  return ajv;
}

/**
 * Definitions the kit validates by name, outside any method's params or result (the client
 * checks hold each MCP server entry to `McpServer` on its own): precompiled with the rest, since
 * compiling one at run time cost every client run about half a CPU-second.
 */
const DIRECTLY_VALIDATED_DEFS = ["McpServer"];

/** The `$defs` the kit validates against: every method's params and result, and the direct ones. */
export function validatedDefs(document: SchemaDocument): string[] {
  const defs = new Set<string>(DIRECTLY_VALIDATED_DEFS.filter((def) => Object.hasOwn(document.$defs, def)));
  for (const info of buildMethodTable(document).values()) {
    defs.add(info.paramsDef);
    if (info.resultDef) defs.add(info.resultDef);
  }
  return [...defs].sort();
}

/**
 * Validators precompiled at build time (dist/kit/wire/acp-validators.cjs for v1,
 * acp-v2-validators.cjs for the v2 draft): compiling the schema costs about a second of CPU,
 * once per kit process. Absent when the TypeScript runs directly.
 */
function loadPrecompiledValidators(file: string): Record<string, ValidateFunction> {
  try {
    return createRequire(import.meta.url)(file) as Record<string, ValidateFunction>;
  } catch {
    return {};
  }
}

export class AcpSchema {
  readonly methods: ReadonlyMap<string, MethodInfo>;
  readonly document: SchemaDocument;
  /** The protocol version whose schema this is. */
  readonly version: 1 | 2;
  #ajv: Ajv2020 | undefined;
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #precompiled: Record<string, ValidateFunction>;

  private constructor(
    version: 1 | 2,
    document: SchemaDocument,
    precompiled: Record<string, ValidateFunction>,
  ) {
    this.version = version;
    this.document = document;
    this.methods = buildMethodTable(document);
    this.#precompiled = precompiled;
  }

  static #shared: AcpSchema | undefined;
  static #sharedV2: AcpSchema | undefined;

  /** The pinned schema of a protocol version (default v1), loaded once per process. */
  static load(version: 1 | 2 = 1): AcpSchema {
    if (version === 2) return AcpSchema.loadV2();
    AcpSchema.#shared ??= new AcpSchema(
      1,
      JSON.parse(readFileSync(ACP_SCHEMA_PATH, "utf8")) as SchemaDocument,
      loadPrecompiledValidators("./acp-validators.cjs"),
    );
    return AcpSchema.#shared;
  }

  /**
   * The pinned v2 (draft) schema, loaded once per process. Its definitions share v1's names, so
   * the v1 validators must never stand in for them: v2 has its own precompiled file.
   */
  static loadV2(): AcpSchema {
    AcpSchema.#sharedV2 ??= new AcpSchema(
      2,
      JSON.parse(readFileSync(ACP_V2_SCHEMA_PATH, "utf8")) as SchemaDocument,
      loadPrecompiledValidators("./acp-v2-validators.cjs"),
    );
    return AcpSchema.#sharedV2;
  }

  hasDef(name: string): boolean {
    return Object.hasOwn(this.document.$defs, name);
  }

  /** Validates a value against one `$defs` entry; an empty list means valid. */
  validateDef(defName: string, value: unknown): SchemaIssue[] {
    let validate = this.#validators.get(defName) ?? this.#precompiled[defName];
    if (!validate) {
      if (!this.hasDef(defName)) throw new Error(`the ACP schema has no definition named ${defName}`);
      // Only a definition missing from the precompiled set (or an unbuilt checkout) pays for ajv.
      this.#ajv ??= createAcpAjv(this.document);
      validate = this.#ajv.getSchema(`acp#/$defs/${defName}`);
      if (!validate) throw new Error(`could not compile ACP schema definition ${defName}`);
      this.#validators.set(defName, validate);
    }
    if (validate(value)) return [];
    return explainErrors(validate.errors, {
      document: this.document,
      pointer: `#/$defs/${defName}`,
      value,
      validatorAt: (pointer) => this.#validatorAt(pointer),
    });
  }

  /** A validator for any schema in the document (a union's branch, to explain an error). */
  #validatorAt(pointer: string): ValidateFunction {
    const def = /^#\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
    const known = def ? (this.#validators.get(def) ?? this.#precompiled[def]) : undefined;
    if (known) return known;
    this.#ajv ??= createAcpAjv(this.document);
    const validate = this.#ajv.getSchema(`acp${pointer}`);
    if (!validate) throw new Error(`the ACP schema has nothing at ${pointer}`);
    return validate;
  }

  /** Issues with a request's or notification's params, or undefined for a method the schema does not define. */
  validateParams(method: string, params: unknown): SchemaIssue[] | undefined {
    const info = this.methods.get(method);
    if (!info) return undefined;
    return this.validateDef(info.paramsDef, params);
  }

  /** Issues with a successful result, or undefined when the schema defines no result for the method. */
  validateResult(method: string, result: unknown): SchemaIssue[] | undefined {
    const info = this.methods.get(method);
    if (!info?.resultDef) return undefined;
    return this.validateDef(info.resultDef, result);
  }
}

export function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((issue) => `${issue.path} ${issue.message}`).join("; ");
}
