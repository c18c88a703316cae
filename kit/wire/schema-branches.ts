/**
 * Which branch of a union (`oneOf`/`anyOf`) a value means, chosen the way a reader would: by a
 * discriminator property every branch fixes with a `const`, by the key each branch of one-key
 * objects requires, or by ruling out the `null` branch of a nullable value. When the value names
 * no branch, the choice says which exist and which one it most likely meant.
 */
import { isObject, resolve } from "./json-pointer.js";

export type SchemaNode = Record<string, unknown>;

export type BranchChoice =
  | { kind: "chosen"; pointer: string; label?: string }
  | { kind: "unknown-discriminator"; property: string; allowed: unknown[] }
  /** A union of one-key objects whose keys the value has none of (or several of). */
  | { kind: "unknown-key"; keys: string[]; nearest: string | undefined }
  /** A union of constants (an enum written as oneOf) that the value is none of. */
  | { kind: "not-a-constant"; allowed: unknown[] }
  | { kind: "none" };

export function chooseBranch(
  document: Record<string, unknown>,
  union: { schema: SchemaNode; pointer: string },
  value: unknown,
): BranchChoice {
  const [keyword, branches] = unionBranches(union.schema)!;
  const pointers = branches.map((_, index) => `${union.pointer}/${keyword}/${index}`);
  const constants = pointers.map((pointer) =>
    expand(document, pointer).find(({ schema }) => "const" in schema),
  );
  if (constants.every((constant) => constant !== undefined))
    return { kind: "not-a-constant", allowed: constants.map((constant) => constant!.schema.const) };
  const fixed = pointers.map((pointer) => fixedProperties(document, pointer));
  const named = (union.schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
  const property =
    named ?? Object.keys(fixed[0] ?? {}).find((name) => fixed.every((consts) => name in consts));
  if (property !== undefined && isObject(value)) {
    const index = fixed.findIndex((consts) => consts[property] === value[property]);
    if (index >= 0) return { kind: "chosen", pointer: pointers[index]!, label: String(value[property]) };
    const allowed = fixed.map((consts) => consts[property]).filter((allowed) => allowed !== undefined);
    if (allowed.length > 0) return { kind: "unknown-discriminator", property, allowed };
  }
  const keyed = keysOfBranches(document, pointers);
  if (keyed && isObject(value)) {
    const matching = keyed.flatMap((keys, index) => (keys.some((key) => key in value) ? [index] : []));
    if (matching.length === 1) {
      const label = keyed[matching[0]!]!.find((key) => key in value);
      return { kind: "chosen", pointer: pointers[matching[0]!]!, ...(label ? { label } : {}) };
    }
    if (matching.length === 0) {
      const keys = keyed.flat();
      return { kind: "unknown-key", keys, nearest: nearestShape(document, pointers, keyed, value) };
    }
  }
  // A nullable value (`anyOf: [X, {type: null}]`): a value that is not null means X.
  const candidates = pointers.filter(
    (pointer) => (value === null) === isNullSchema(expand(document, pointer)),
  );
  return candidates.length === 1 ? { kind: "chosen", pointer: candidates[0]! } : { kind: "none" };
}

/** Each branch's identifying keys, when every branch is told apart by keys it requires; undefined otherwise. */
function keysOfBranches(document: Record<string, unknown>, pointers: string[]): string[][] | undefined {
  const keyed = pointers.map((pointer) => branchKeys(document, pointer));
  const all = keyed.flat();
  if (keyed.some((keys) => keys.length === 0) || new Set(all).size !== all.length) return undefined;
  return keyed;
}

function branchKeys(document: Record<string, unknown>, pointer: string, seen = new Set<string>()): string[] {
  if (seen.has(pointer)) return [];
  seen.add(pointer);
  const keys: string[] = [];
  for (const node of expand(document, pointer)) {
    const union = unionBranches(node.schema);
    if (union)
      for (const index of union[1].keys())
        keys.push(...branchKeys(document, `${node.pointer}/${union[0]}/${index}`, seen));
    else if (Array.isArray(node.schema.required) && typeof node.schema.required[0] === "string")
      keys.push(node.schema.required[0]);
  }
  return keys;
}

/**
 * The branch a mistaken value most likely meant, as an example: one whose key the value
 * mentions as a string (`{ "type": "message" }` means `message`), else the key nearest in
 * spelling to one the value has.
 */
function nearestShape(
  document: Record<string, unknown>,
  pointers: string[],
  keyed: string[][],
  value: Record<string, unknown>,
): string | undefined {
  const strings = Object.values(value).filter((entry): entry is string => typeof entry === "string");
  const given = Object.keys(value);
  let best: { key: string; pointer: string; score: number } | undefined;
  keyed.forEach((keys, index) => {
    for (const key of keys) {
      const score = strings.includes(key)
        ? 0
        : Math.min(...given.map((name) => editDistance(name, key)), 99) + 1;
      if (!best || score < best.score) best = { key, pointer: pointers[index]!, score };
    }
  });
  if (!best || best.score > 3) return undefined;
  const property = expand(document, best.pointer)
    .map(({ schema }) => (schema.properties as Record<string, SchemaNode> | undefined)?.[best!.key])
    .find((found) => found !== undefined);
  return `{ ${JSON.stringify(best.key)}: ${exampleOf(property)} }`;
}

function exampleOf(schema: SchemaNode | undefined): string {
  const type = schema?.type;
  if (type === "string") return '"…"';
  if (type === "integer" || type === "number") return "0";
  if (type === "boolean") return "true";
  if (type === "array") return "[…]";
  if (type === "object") return "{ … }";
  return "…";
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

export function unionBranches(schema: SchemaNode): ["oneOf" | "anyOf", unknown[]] | undefined {
  if (Array.isArray(schema.oneOf)) return ["oneOf", schema.oneOf];
  if (Array.isArray(schema.anyOf)) return ["anyOf", schema.anyOf];
  return undefined;
}

/** Properties a branch fixes with `const` (through its $refs and allOfs). */
function fixedProperties(document: Record<string, unknown>, pointer: string): Record<string, unknown> {
  const consts: Record<string, unknown> = {};
  for (const { schema } of expand(document, pointer)) {
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, SchemaNode>)) {
      if (isObject(property) && "const" in property) consts[name] = property.const;
    }
  }
  return consts;
}

function isNullSchema(nodes: Array<{ schema: SchemaNode }>): boolean {
  return nodes.some(({ schema }) => schema.type === "null");
}

/** A schema and everything it stands for without choosing a branch: its $ref target and its allOf members. */
export function expand(
  document: Record<string, unknown>,
  pointer: string,
  seen = new Set<string>(),
): Array<{ schema: SchemaNode; pointer: string }> {
  if (seen.has(pointer)) return [];
  seen.add(pointer);
  const schema = resolve(document, pointer);
  if (!isObject(schema)) return [];
  const nodes = [{ schema, pointer }];
  if (typeof schema.$ref === "string") nodes.push(...expand(document, schema.$ref, seen));
  if (Array.isArray(schema.allOf))
    for (const index of schema.allOf.keys())
      nodes.push(...expand(document, `${pointer}/allOf/${index}`, seen));
  return nodes;
}
