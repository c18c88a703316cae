/**
 * The spec trace of each ACP side and profile, and its coverage: how many of a page's statements
 * a requirement checks, how many are gaps (testable, not checked yet) and how many are excluded.
 * `acp-conformance list <side> --coverage [--protocol-version 2]`, docs/coverage.md (v1) and
 * docs/coverage-v2.md (v2) all read this.
 */
import type { ProtocolVersion } from "../types.js";
import { AGENT_V1_STATEMENTS } from "./agent-v1.js";
import { AGENT_V2_STATEMENTS } from "./agent-v2.js";
import { CLIENT_V1_STATEMENTS } from "./client-v1.js";
import { CLIENT_V2_STATEMENTS } from "./client-v2.js";
import { PAGE_NOTES, V1_PAGES, type V1Page } from "./pages.js";
import { V2_PAGE_NOTES, V2_PAGES, type V2Page } from "./pages-v2.js";
import type { AnySpecStatement, SpecStatement, TracedSide } from "./types.js";

export * from "./types.js";
export { PAGE_NOTES, V1_PAGES, pageFile, type V1Page } from "./pages.js";
export { V2_PAGE_NOTES, V2_PAGES, type V2Page } from "./pages-v2.js";

/** Each side's v1 statements, split by page family (agent-v1.ts, client-v1.ts). */
export const SPEC_TRACE: Record<TracedSide, readonly SpecStatement[]> = {
  agent: AGENT_V1_STATEMENTS,
  client: CLIENT_V1_STATEMENTS,
};

/** Each side's v2 (draft) statements, split by page family (agent-v2.ts, client-v2.ts). */
export const V2_SPEC_TRACE: Record<TracedSide, readonly SpecStatement<V2Page>[]> = {
  agent: AGENT_V2_STATEMENTS,
  client: CLIENT_V2_STATEMENTS,
};

export const TRACED_SIDES = Object.keys(SPEC_TRACE) as TracedSide[];
/** The profiles with a trace; v1 first, as every listing shows them. */
export const TRACED_VERSIONS: readonly ProtocolVersion[] = [1, 2];

/** One side's trace of one profile. */
export function traceOf(side: TracedSide, version: ProtocolVersion = 1): readonly AnySpecStatement[] {
  return version === 1 ? SPEC_TRACE[side] : V2_SPEC_TRACE[side];
}

/** A profile's docs pages and their anchors, in the order listings show them. */
export function pagesOf(version: ProtocolVersion): Readonly<Record<string, readonly string[]>> {
  return version === 1 ? V1_PAGES : V2_PAGES;
}

/** Why a page of a profile holds no statements of its own. */
export function pageNotesOf(version: ProtocolVersion): Readonly<Partial<Record<string, string>>> {
  return version === 1 ? PAGE_NOTES : V2_PAGE_NOTES;
}

/** The page's path in the spec repository, `docs/protocol/v<version>/<page>.mdx`. */
export const versionPageFile = (page: string, version: ProtocolVersion): string =>
  `docs/protocol/v${version}/${page}.mdx`;

/** The prefix a statement's schema pointer has in a profile's trace. */
export const schemaPrefix = (version: ProtocolVersion): string => `schema/v${version}/schema.json#`;

export type Disposition = "checked" | "gap" | "excluded";

/** What a statement is mapped to; a statement with none or several is reported by the trace test. */
export function dispositionsOf(statement: AnySpecStatement): Disposition[] {
  const found: Disposition[] = [];
  if (statement.checkedBy !== undefined) found.push("checked");
  if (statement.gap !== undefined) found.push("gap");
  if (statement.excluded !== undefined) found.push("excluded");
  return found;
}

export interface CoverageRow {
  /** A page of the profile's docs (V1Page or V2Page), or "total". */
  page: V1Page | V2Page | "total";
  statements: number;
  checked: number;
  gaps: number;
  excluded: number;
}

/** Checked as a share of the testable statements (checked + gaps), rounded; undefined when none is testable. */
export function percentChecked(row: CoverageRow): number | undefined {
  const testable = row.checked + row.gaps;
  return testable === 0 ? undefined : Math.round((100 * row.checked) / testable);
}

export interface SideCoverage {
  side: TracedSide;
  /** The profile whose docs the pages are. */
  protocolVersion: ProtocolVersion;
  /** One row per page that has statements, in the order of the profile's pages. */
  pages: CoverageRow[];
  total: CoverageRow;
  /** Pages of the profile's docs with no statement for this side. */
  untracedPages: (V1Page | V2Page)[];
}

function countRow(page: CoverageRow["page"], statements: readonly AnySpecStatement[]): CoverageRow {
  const count = (kind: Disposition) =>
    statements.filter((statement) => dispositionsOf(statement)[0] === kind).length;
  return {
    page,
    statements: statements.length,
    checked: count("checked"),
    gaps: count("gap"),
    excluded: count("excluded"),
  };
}

/** The coverage of one side's trace of one profile (v1 unless told). */
export function specCoverage(side: TracedSide, version: ProtocolVersion = 1): SideCoverage {
  const statements = traceOf(side, version);
  const pages = (Object.keys(pagesOf(version)) as (V1Page | V2Page)[]).map((page) =>
    countRow(
      page,
      statements.filter((statement) => statement.page === page),
    ),
  );
  return {
    side,
    protocolVersion: version,
    pages: pages.filter((row) => row.statements > 0),
    total: countRow("total", statements),
    untracedPages: pages.filter((row) => row.statements === 0).map((row) => row.page as V1Page | V2Page),
  };
}

export function statementsOf(
  side: TracedSide,
  page: string,
  version: ProtocolVersion = 1,
): readonly AnySpecStatement[] {
  return traceOf(side, version).filter((statement) => statement.page === page);
}
