/**
 * What is wrong with a spec trace (kit/requirements/spec-trace/), as one message per problem:
 * test/unit/spec-trace.test.ts expects none for the real data and the right ones for broken samples.
 */
import { type ProtocolVersion, type Requirement, requirementVersions } from "../../kit/requirements/index.js";
import {
  type AnySpecStatement,
  dispositionsOf,
  pagesOf,
  schemaPrefix,
} from "../../kit/requirements/spec-trace/index.js";

const EXCLUSION_REASONS = ["not-black-box", "ui-only", "out-of-scope", "client-side"];
const KEYWORDS = ["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY", "schema", "implied", "position"];

export function resolvePointer(document: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, token) =>
        (node as Record<string, unknown> | undefined)?.[token.replace(/~1/g, "/").replace(/~0/g, "~")],
      document,
    );
}

/** A requirement the profile reports, of the side, over ACP. */
const reportedBy = (requirement: Requirement, side: string, version: ProtocolVersion) =>
  requirement.side === side &&
  requirement.protocol === "acp" &&
  requirementVersions(requirement).includes(version);

function statementProblems(
  statement: AnySpecStatement,
  registered: ReadonlyMap<string, Requirement>,
  side: string,
  schema: unknown,
  version: ProtocolVersion,
): string[] {
  const problems: string[] = [];
  const at = statement.id;
  const anchors = pagesOf(version)[statement.page];
  if (anchors === undefined) problems.push(`${at}: ${statement.page} is not a v${version} docs page`);
  else if (statement.anchor !== "" && !anchors.includes(statement.anchor))
    problems.push(`${at}: no #${statement.anchor} in ${statement.page}`);
  if (!new RegExp(`^${statement.page}#[a-z0-9]+(-[a-z0-9]+)*$`).test(statement.id))
    problems.push(`${at}: an id reads <page>#<slug> with its own page`);
  if (!KEYWORDS.includes(statement.keyword)) problems.push(`${at}: unknown keyword ${statement.keyword}`);
  if (statement.says.trim().length < 10) problems.push(`${at}: says nothing`);
  if (statement.schema !== undefined) {
    const pointer = statement.schema.slice(schemaPrefix(version).length);
    if (!statement.schema.startsWith(schemaPrefix(version)))
      problems.push(`${at}: ${statement.schema} is not in the v${version} schema`);
    else if (resolvePointer(schema, pointer) === undefined)
      problems.push(`${at}: ${statement.schema} does not resolve`);
  }
  const kinds = dispositionsOf(statement);
  if (kinds.length !== 1)
    problems.push(`${at}: needs exactly one of checkedBy, gap, excluded (has ${kinds.join(", ") || "none"})`);
  if (statement.checkedBy !== undefined) {
    if (statement.checkedBy.length === 0) problems.push(`${at}: checkedBy is empty`);
    for (const id of statement.checkedBy) {
      const requirement = registered.get(id);
      if (requirement === undefined) problems.push(`${at}: checkedBy ${id} is not a registered requirement`);
      else if (requirement.side !== side || requirement.protocol !== "acp")
        problems.push(`${at}: checkedBy ${id} is not an ACP ${side} requirement`);
      else if (!reportedBy(requirement, side, version))
        problems.push(`${at}: checkedBy ${id} is not reported in the v${version} profile`);
    }
  }
  if (statement.gap !== undefined && statement.gap.trim().length < 10)
    problems.push(`${at}: the gap says nothing`);
  if (statement.excluded !== undefined) {
    if (!EXCLUSION_REASONS.includes(statement.excluded.reason))
      problems.push(`${at}: unknown exclusion reason ${statement.excluded.reason}`);
    if (statement.excluded.why.trim().length < 10) problems.push(`${at}: the exclusion says not why`);
  }
  return problems;
}

/**
 * Every problem of one side's trace of one profile (v1 unless told), given the registry and that
 * profile's ACP schema document.
 */
export function traceProblems(
  side: string,
  statements: readonly AnySpecStatement[],
  requirements: readonly Requirement[],
  schema: unknown,
  version: ProtocolVersion = 1,
): string[] {
  const registered = new Map(requirements.map((requirement) => [requirement.id, requirement]));
  const problems = statements.flatMap((statement) =>
    statementProblems(statement, registered, side, schema, version),
  );
  const seen = new Set<string>();
  for (const { id } of statements) {
    if (seen.has(id)) problems.push(`${id}: the id is used twice`);
    seen.add(id);
  }
  const cited = new Set(statements.flatMap((statement) => statement.checkedBy ?? []));
  for (const requirement of requirements)
    if (reportedBy(requirement, side, version) && !cited.has(requirement.id as never))
      problems.push(`${requirement.id}: no statement of the ${side} v${version} trace is checked by it`);
  return problems;
}
