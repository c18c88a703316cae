/**
 * The spec trace as text: the coverage table `acp-conformance list <side> --coverage` prints,
 * and docs/coverage.md (written by `npm run coverage:docs`, held to this output by
 * test/unit/spec-trace.test.ts). Both read kit/requirements/spec-trace/.
 */
import { PINNED_SPEC } from "../kit/requirements/index.js";
import {
  type CoverageRow,
  dispositionsOf,
  PAGE_NOTES,
  pageFile,
  percentChecked,
  SPEC_TRACE,
  type SideCoverage,
  type SpecStatement,
  specCoverage,
  statementsOf,
  TRACED_SIDES,
  type TracedSide,
} from "../kit/requirements/spec-trace/index.js";

const SPEC_AT = `${PINNED_SPEC.repository}@${PINNED_SPEC.docsCommit.slice(0, 7)}`;
const COLUMNS = ["page", "statements", "checked", "gaps", "excluded", "checked of testable"] as const;

function untracedLabel(coverage: SideCoverage): string {
  return coverage.untracedPages
    .map((page) => (PAGE_NOTES[page] ? `${page} (${PAGE_NOTES[page]})` : page))
    .join(", ");
}

function percentLabel(row: CoverageRow): string {
  const percent = percentChecked(row);
  return percent === undefined ? "-" : `${percent}%`;
}

function cells(row: CoverageRow): string[] {
  return [
    row.page,
    `${row.statements}`,
    `${row.checked}`,
    `${row.gaps}`,
    `${row.excluded}`,
    percentLabel(row),
  ];
}

function statusText(statement: SpecStatement): string {
  const [kind] = dispositionsOf(statement);
  if (kind === "checked") return `checked by ${statement.checkedBy!.join(", ")}`;
  if (kind === "gap") return `gap: ${statement.gap}`;
  if (kind === "excluded") return `excluded (${statement.excluded!.reason}): ${statement.excluded!.why}`;
  return "not mapped";
}

/** The plain-text table; with `verbose`, every gap under its page. */
export function renderCoverageText(side: TracedSide, verbose: boolean): string {
  const coverage = specCoverage(side);
  const heading = `Spec coverage of the ${side} side (ACP v1 docs at ${SPEC_AT})\n\n`;
  const rows = [[...COLUMNS], ...coverage.pages.map(cells), cells(coverage.total)];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join("  ");
  const table = rows.map(
    (row, index) => (index === rows.length - 1 ? `${"-".repeat(line(row).length)}\n` : "") + line(row),
  );
  const notes = [
    "",
    "checked of testable = checked / (checked + gaps)",
    ...(coverage.untracedPages.length > 0
      ? [`pages with no ${side} statements: ${untracedLabel(coverage)}`]
      : []),
  ];
  const gaps = verbose ? gapLines(coverage) : [`${coverage.total.gaps} gaps (--verbose lists them)`];
  return `${heading}${table.join("\n")}\n${notes.join("\n")}\n\n${gaps.join("\n")}\n`;
}

function gapLines(coverage: SideCoverage): string[] {
  return coverage.pages.flatMap((row) => {
    const gaps = statementsOf(coverage.side, row.page as SpecStatement["page"]).filter(
      (statement) => dispositionsOf(statement)[0] === "gap",
    );
    if (gaps.length === 0) return [];
    return [
      `${row.page}:`,
      ...gaps.map((statement) => `  ${statement.id} (${statement.keyword}): ${statement.gap}`),
      "",
    ];
  });
}

const escapeCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function sourceLink(statement: SpecStatement): string {
  const anchor = statement.line !== undefined ? `#L${statement.line}` : "";
  const url = `https://github.com/${PINNED_SPEC.repository}/blob/${PINNED_SPEC.docsCommit}/${pageFile(statement.page)}${anchor}`;
  const where = statement.anchor === "" ? statement.page : `${statement.page}#${statement.anchor}`;
  const schema = statement.schema ? ` \`${statement.schema.slice("schema/v1/schema.json#".length)}\`` : "";
  return `[${where}](${url})${schema}`;
}

function markdownSide(side: TracedSide): string[] {
  const coverage = specCoverage(side);
  const title = `## ${side[0]!.toUpperCase()}${side.slice(1)} side`;
  const row = (values: readonly string[]) => `| ${values.join(" | ")} |`;
  const summary = [
    row(COLUMNS),
    row(COLUMNS.map((_, column) => (column === 0 ? "---" : "---:"))),
    ...coverage.pages.map((page) => row(cells(page))),
    row(cells(coverage.total).map((cell) => `**${cell}**`)),
  ];
  const untraced =
    coverage.untracedPages.length > 0
      ? [`Pages with no ${side} statements: ${untracedLabel(coverage)}.`, ""]
      : [];
  const pages = coverage.pages.flatMap((page) => [
    `### ${page.page}`,
    "",
    row(["statement", "keyword", "where", "what it says", "status"]),
    row(["---", "---", "---", "---", "---"]),
    ...statementsOf(side, page.page as SpecStatement["page"]).map((statement) =>
      row([
        `\`${statement.id}\``,
        statement.keyword,
        sourceLink(statement),
        escapeCell(statement.says),
        escapeCell(statusText(statement) + (statement.note ? ` (${statement.note})` : "")),
      ]),
    ),
    "",
  ]);
  return [title, "", ...summary, "", ...untraced, ...pages];
}

/** docs/coverage.md. */
export function renderCoverageMarkdown(): string {
  const total = TRACED_SIDES.reduce((sum, side) => sum + SPEC_TRACE[side].length, 0);
  const lines = [
    "# Spec coverage",
    "",
    "<!-- Generated by `npm run coverage:docs` from kit/requirements/spec-trace/; do not edit by hand. -->",
    "",
    `Every normative statement of the ACP v1 docs at [${SPEC_AT}](https://github.com/${PINNED_SPEC.repository}/tree/${PINNED_SPEC.docsCommit}/docs/protocol/v1) that concerns a side, in the kit's own words, and what the kit does with it: the requirements that check it, a gap (testable, not checked yet), or why it is excluded. Schema statements name the definition in \`schema/v1/schema.json\` (${PINNED_SPEC.schemaPackage}) the payload must validate against. "Checked of testable" is checked / (checked + gaps). ${total} statements are traced.`,
    "",
    "Keywords: the spec's own (MUST, SHOULD, MAY...); `schema`, a required field or closed enum; `implied`, normative prose without a keyword; `position`, where the spec is silent and the kit takes a position.",
    "",
    ...TRACED_SIDES.flatMap(markdownSide),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}
