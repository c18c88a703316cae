/**
 * Loading and validating peer scripts against schemas/peer-script.schema.json. A script that
 * does not validate is rejected with the path of every problem, before anything runs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import type { Ajv2020 as Ajv2020Class, ValidateFunction } from "ajv/dist/2020.js";
import { explainErrors } from "../kit/wire/schema-errors.js";
import { clientProfileProblems } from "./client/v2/v2-script-rules.js";
import type { ClientScript, PeerScript } from "./script-types.js";

export type { AgentScript, ClientScript, PeerScript } from "./script-types.js";

export class ScriptError extends Error {
  override name = "ScriptError";
}

type ScriptRole = PeerScript["role"];
const SCRIPT_DEFINITIONS: Record<ScriptRole, string> = {
  agent: "AgentScript",
  client: "ClientScript",
  adapter: "AdapterScript",
  host: "HostScript",
};
const validators = new Map<ScriptRole, ValidateFunction>();

/**
 * One role's validator, precompiled at build time (dist/peers/script-validators/<role>.cjs), or
 * compiled now. Per role because a spawned peer's start-up is mostly loading this code.
 */
function scriptValidator(role: ScriptRole): ValidateFunction {
  const known = validators.get(role);
  if (known) return known;
  const require = createRequire(import.meta.url);
  let validator: ValidateFunction;
  try {
    validator = require(`./script-validators/${role}.cjs`) as ValidateFunction;
  } catch {
    // Not built (the TypeScript runs directly): compile the schema now.
    validator = compiledSchema().getSchema(`${SCHEMA_ID}#/$defs/${SCRIPT_DEFINITIONS[role]}`)!;
  }
  validators.set(role, validator);
  return validator;
}

const SCHEMA_ID = "https://acp-conformance.dev/schemas/peer-script.schema.json";
let ajv: Ajv2020Class | undefined;

/** The whole script schema compiled with ajv: only for an unbuilt checkout, or to explain an invalid script. */
function compiledSchema(): Ajv2020Class {
  if (ajv) return ajv;
  const { Ajv2020 } = createRequire(import.meta.url)("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020Class };
  ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema(JSON.parse(schemaText()) as object);
  return ajv;
}

function schemaText(): string {
  // From dist/peers/ and from peers/ (tests run the TypeScript directly).
  for (const relative of ["../../schemas/peer-script.schema.json", "../schemas/peer-script.schema.json"]) {
    try {
      return readFileSync(new URL(relative, import.meta.url), "utf8");
    } catch {
      // try the next location
    }
  }
  throw new Error("schemas/peer-script.schema.json is missing from the package");
}

/** Validates a script against its role's definition; throws a ScriptError listing every problem with its JSON path. */
export function validateScript(script: unknown, source = "script"): PeerScript {
  const role = (script as { role?: unknown } | null)?.role;
  if (typeof role !== "string" || !Object.hasOwn(SCRIPT_DEFINITIONS, role)) {
    const found = role === undefined ? "it has none" : `it has ${JSON.stringify(role)}`;
    throw new ScriptError(
      `${source} is not a valid peer script:\n  /role must be "agent", "client", "adapter" or "host" (${found})`,
    );
  }
  const validate = scriptValidator(role as ScriptRole);
  if (validate(script)) {
    // What the schema cannot say: what a client's ACP profile removed or lacks (client/v2/v2-script-rules.ts).
    const profileProblems = role === "client" ? clientProfileProblems(script as ClientScript) : [];
    if (profileProblems.length === 0) return script as PeerScript;
    throw new ScriptError(`${source} is not a valid peer script:\n  ${profileProblems.join("\n  ")}`);
  }
  // Actions and steps are unions of one-key objects: name the branch meant, not every branch.
  const issues = explainErrors(validate.errors, {
    document: JSON.parse(schemaText()) as Record<string, unknown>,
    pointer: `#/$defs/${SCRIPT_DEFINITIONS[role as ScriptRole]}`,
    value: script,
    validatorAt: (pointer) => compiledSchema().getSchema(`${SCHEMA_ID}${pointer}`)!,
  });
  const lines = issues.map((issue) => `${issue.path} ${issue.message}`);
  throw new ScriptError(`${source} is not a valid peer script:\n  ${lines.join("\n  ")}`);
}

export function readScriptFile(path: string): PeerScript {
  return validateScript(readWithBase(path, []), path);
}

/** Reads a script file and the chain of files it `extends`, merged; not yet validated. */
function readWithBase(path: string, seen: string[]): Record<string, unknown> {
  const absolute = resolve(path);
  if (seen.includes(absolute))
    throw new ScriptError(`peer script ${path} extends itself through ${seen.join(" → ")}`);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(readFileSync(absolute, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new ScriptError(`cannot read the peer script ${path}: ${(error as Error).message}`);
  }
  if (typeof parsed.extends !== "string") return parsed;
  const { extends: basePath, ...own } = parsed;
  const base = readWithBase(resolve(dirname(absolute), basePath), [...seen, absolute]);
  return mergeScripts(base, own);
}

/** Objects merge (the extending script wins); its prompt rules go before the base's; other arrays replace. */
export function mergeScripts(
  base: Record<string, unknown>,
  own: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(own)) {
    const inherited = base[key];
    if (key === "prompts" && Array.isArray(value) && Array.isArray(inherited))
      merged[key] = [...value, ...inherited];
    else if (isPlainObject(value) && isPlainObject(inherited)) merged[key] = mergeScripts(inherited, value);
    else merged[key] = value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
