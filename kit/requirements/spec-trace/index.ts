/**
 * The spec trace of each ACP side, and its coverage: how many of a page's statements a
 * requirement checks, how many are gaps (testable, not checked yet) and how many are excluded.
 * `acp-conformance list <side> --coverage` and docs/coverage.md both read this.
 */
import { AGENT_V1_STATEMENTS } from "./agent-v1.js";
import { CLIENT_V1_STATEMENTS } from "./client-v1.js";
import { V1_PAGES, type V1Page } from "./pages.js";
import type { SpecStatement, TracedSide } from "./types.js";

export * from "./types.js";
export { PAGE_NOTES, V1_PAGES, pageFile, type V1Page } from "./pages.js";

/** Each side's statements, split by page family (agent-v1.ts, client-v1.ts). */
export const SPEC_TRACE: Record<TracedSide, readonly SpecStatement[]> = {
  agent: AGENT_V1_STATEMENTS,
  client: CLIENT_V1_STATEMENTS,
};

export const TRACED_SIDES = Object.keys(SPEC_TRACE) as TracedSide[];

export type Disposition = "checked" | "gap" | "excluded";

/** What a statement is mapped to; a statement with none or several is reported by the trace test. */
export function dispositionsOf(statement: SpecStatement): Disposition[] {
  const found: Disposition[] = [];
  if (statement.checkedBy !== undefined) found.push("checked");
  if (statement.gap !== undefined) found.push("gap");
  if (statement.excluded !== undefined) found.push("excluded");
  return found;
}

export interface CoverageRow {
  /** A v1 page, or "total". */
  page: V1Page | "total";
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
  /** One row per page that has statements, in the order of V1_PAGES. */
  pages: CoverageRow[];
  total: CoverageRow;
  /** Pages of the v1 docs with no statement for this side. */
  untracedPages: V1Page[];
}

function countRow(page: CoverageRow["page"], statements: readonly SpecStatement[]): CoverageRow {
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

export function specCoverage(side: TracedSide): SideCoverage {
  const statements = SPEC_TRACE[side];
  const pages = (Object.keys(V1_PAGES) as V1Page[]).map((page) =>
    countRow(
      page,
      statements.filter((statement) => statement.page === page),
    ),
  );
  return {
    side,
    pages: pages.filter((row) => row.statements > 0),
    total: countRow("total", statements),
    untracedPages: pages.filter((row) => row.statements === 0).map((row) => row.page as V1Page),
  };
}

export function statementsOf(side: TracedSide, page: V1Page): readonly SpecStatement[] {
  return SPEC_TRACE[side].filter((statement) => statement.page === page);
}
