/**
 * Schema errors a person can act on. A value that fails a union (`oneOf`/`anyOf`, such as the
 * `session/update` variants) makes ajv report every branch's complaint, so the one error that
 * matters drowns among "must be equal to constant user_message_chunk". Here the union's branch
 * is chosen the way a reader would: by its discriminator (a property every branch fixes with a
 * `const`, like `sessionUpdate` or `type`), by its key (a union of one-key objects, like the
 * peer scripts' actions), or by ruling out the `null` branch of a nullable value; then only
 * that branch's errors are reported, with the offending value. A value that names no branch
 * is told which ones exist, and what the nearest one looks like.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { escapeSegment, isObject, segments, valueAt } from "./json-pointer.js";
import { chooseBranch, expand, type SchemaNode, unionBranches } from "./schema-branches.js";

export interface SchemaIssue {
  /** JSON pointer into the validated value. */
  path: string;
  message: string;
}

export interface ExplainContext {
  /** The whole schema document: `{ $defs }`. */
  document: Record<string, unknown>;
  /** Where in the document the validated value's schema is (`#/$defs/SessionNotification`). */
  pointer: string;
  value: unknown;
  /** A validator for any schema in the document, by JSON pointer. */
  validatorAt(pointer: string): ValidateFunction;
}

const MAX_ISSUES = 8;
/** Keywords about the value itself, whose message reads better with the value shown. */
const VALUE_KEYWORDS = new Set([
  "type",
  "const",
  "enum",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "multipleOf",
]);

export function explainErrors(
  errors: readonly ErrorObject[] | null | undefined,
  context: ExplainContext,
): SchemaIssue[] {
  if (!errors || errors.length === 0) return [];
  const unions = errors.filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf");
  const union = unions.sort((a, b) => depth(a.instancePath) - depth(b.instancePath))[0];
  const narrowed = union ? explainUnion(union, context) : undefined;
  if (!narrowed) return plainIssues(errors, context.value);
  // Errors outside the union's value are reported as they are.
  const outside = errors.filter((error) => !within(error.instancePath, union!.instancePath));
  return dedupe([...narrowed, ...plainIssues(outside, context.value)]).slice(0, MAX_ISSUES);
}

/** The chosen branch's own errors, or a discriminator that names no branch; undefined when no branch can be chosen. */
function explainUnion(union: ErrorObject, context: ExplainContext): SchemaIssue[] | undefined {
  const at = union.instancePath;
  const value = valueAt(context.value, at);
  const node = schemaNodesAt(context, at).find((candidate) => unionBranches(candidate.schema) !== undefined);
  if (!node) return undefined;
  const choice = chooseBranch(context.document, node, value);
  if (choice.kind === "not-a-constant") {
    return [
      {
        path: at || "/",
        message: `must be one of ${choice.allowed.map((allowed) => JSON.stringify(allowed)).join(", ")}; got ${show(value)}`,
      },
    ];
  }
  if (choice.kind === "unknown-key") {
    const given = isObject(value) ? Object.keys(value) : [];
    return [
      {
        path: at || "/",
        message: `must have exactly one of the keys ${choice.keys.join(", ")}; got ${given.length > 0 ? `the key${given.length === 1 ? "" : "s"} ${given.join(", ")}` : show(value)}${choice.nearest ? `. The nearest is ${choice.nearest}` : ""}`,
      },
    ];
  }
  if (choice.kind === "unknown-discriminator") {
    return [
      {
        path: `${at}/${choice.property}`,
        message: `must be one of ${choice.allowed.map((allowed) => JSON.stringify(allowed)).join(", ")}; got ${show(valueAt(value, `/${choice.property}`))}`,
      },
    ];
  }
  if (choice.kind !== "chosen") return undefined;
  const validate = context.validatorAt(choice.pointer);
  if (validate(value)) return undefined; // the union failed for a reason other than this branch (oneOf: two matched)
  const prefix = choice.label ? `${choice.label}: ` : "";
  const inner = explainErrors(validate.errors, { ...context, pointer: choice.pointer, value });
  return inner.map((issue) => ({ path: joinPath(at, issue.path), message: `${prefix}${issue.message}` }));
}

/** The schemas that apply to the value at `path`, walking down from the context's schema. */
function schemaNodesAt(
  context: ExplainContext,
  path: string,
): Array<{ schema: SchemaNode; pointer: string }> {
  let nodes = expand(context.document, context.pointer);
  let value = context.value;
  for (const segment of segments(path)) {
    const next: Array<{ schema: SchemaNode; pointer: string }> = [];
    for (const node of withChosenBranches(context.document, nodes, value)) {
      const properties = node.schema.properties as Record<string, unknown> | undefined;
      if (properties && Object.hasOwn(properties, segment))
        next.push(...expand(context.document, `${node.pointer}/properties/${escapeSegment(segment)}`));
      else if (/^\d+$/.test(segment) && isObject(node.schema.items))
        next.push(...expand(context.document, `${node.pointer}/items`));
      else if (isObject(node.schema.additionalProperties))
        next.push(...expand(context.document, `${node.pointer}/additionalProperties`));
    }
    nodes = next;
    value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return nodes;
}

/** The nodes, plus the branch of each union among them that the value selects (or all, when none is clear). */
function withChosenBranches(
  document: Record<string, unknown>,
  nodes: Array<{ schema: SchemaNode; pointer: string }>,
  value: unknown,
) {
  const all = [...nodes];
  for (const node of nodes) {
    const union = unionBranches(node.schema);
    if (!union) continue;
    const choice = chooseBranch(document, node, value);
    if (choice.kind === "chosen") all.push(...expand(document, choice.pointer));
    else
      for (const index of union[1].keys())
        all.push(...expand(document, `${node.pointer}/${union[0]}/${index}`));
  }
  return all;
}

/** ajv's errors as they are, deepest first for a union that could not be narrowed, with the offending values. */
function plainIssues(errors: readonly ErrorObject[], value: unknown): SchemaIssue[] {
  const deepest = Math.max(...errors.map((error) => depth(error.instancePath)));
  const issues = errors
    .filter(
      (error) =>
        !((error.keyword === "anyOf" || error.keyword === "oneOf") && depth(error.instancePath) < deepest),
    )
    .map((error) => ({ path: error.instancePath || "/", message: describe(error, value) }));
  return dedupe(issues).slice(0, MAX_ISSUES);
}

function describe(error: ErrorObject, value: unknown): string {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? error.keyword;
  if (error.keyword === "const") message = `must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === "enum")
    message = `must be one of ${(params.allowedValues as unknown[]).map((allowed) => JSON.stringify(allowed)).join(", ")}`;
  if (error.keyword === "additionalProperties")
    message = `must not have the property ${JSON.stringify(params.additionalProperty)}`;
  return VALUE_KEYWORDS.has(error.keyword)
    ? `${message}, got ${show(valueAt(value, error.instancePath))}`
    : message;
}

function dedupe(issues: SchemaIssue[]): SchemaIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path} ${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function show(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function joinPath(base: string, path: string): string {
  return path === "/" ? base || "/" : `${base}${path}`;
}

function depth(path: string): number {
  return segments(path).length;
}

function within(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}
