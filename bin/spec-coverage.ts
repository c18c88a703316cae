/**
 * The spec trace as text: the coverage table `acp-conformance list <side> --coverage
 * [--protocol-version 2]` prints, and docs/coverage.md (v1) and docs/coverage-v2.md (v2), written
 * by `npm run coverage:docs` and held to this output by test/unit/spec-trace.test.ts. All read
 * kit/requirements/spec-trace/.
 */
import { PINNED_SPEC, type ProtocolVersion } from "../kit/requirements/index.js";
import {
  type AnySpecStatement,
  type CoverageRow,
  dispositionsOf,
  pageNotesOf,
  percentChecked,
  type SideCoverage,
  schemaPrefix,
  specCoverage,
  statementsOf,
  TRACED_SIDES,
  type TracedSide,
  traceOf,
  versionPageFile,
} from "../kit/requirements/spec-trace/index.js";

const SPEC_AT = `${PINNED_SPEC.repository}@${PINNED_SPEC.docsCommit.slice(0, 7)}`;
/** How the listings name a profile's docs. */
const DOCS_NAME: Record<ProtocolVersion, string> = { 1: "ACP v1 docs", 2: "ACP v2 (draft) docs" };
const COLUMNS = ["page", "statements", "checked", "gaps", "excluded", "checked of testable"] as const;

function untracedLabel(coverage: SideCoverage): string {
  const notes = pageNotesOf(coverage.protocolVersion);
  return coverage.untracedPages.map((page) => (notes[page] ? `${page} (${notes[page]})` : page)).join(", ");
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

function statusText(statement: AnySpecStatement): string {
  const [kind] = dispositionsOf(statement);
  if (kind === "checked") return `checked by ${statement.checkedBy!.join(", ")}`;
  if (kind === "gap") return `gap: ${statement.gap}`;
  if (kind === "excluded") return `excluded (${statement.excluded!.reason}): ${statement.excluded!.why}`;
  return "not mapped";
}

/** The plain-text table of one profile (v1 unless told); with `verbose`, every gap under its page. */
export function renderCoverageText(side: TracedSide, verbose: boolean, version: ProtocolVersion = 1): string {
  const coverage = specCoverage(side, version);
  const heading = `Spec coverage of the ${side} side (${DOCS_NAME[version]} at ${SPEC_AT})\n\n`;
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
    const gaps = statementsOf(coverage.side, row.page, coverage.protocolVersion).filter(
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

function sourceLink(statement: AnySpecStatement, version: ProtocolVersion): string {
  const anchor = statement.line !== undefined ? `#L${statement.line}` : "";
  const url = `https://github.com/${PINNED_SPEC.repository}/blob/${PINNED_SPEC.docsCommit}/${versionPageFile(statement.page, version)}${anchor}`;
  const where = statement.anchor === "" ? statement.page : `${statement.page}#${statement.anchor}`;
  const schema = statement.schema ? ` \`${statement.schema.slice(schemaPrefix(version).length)}\`` : "";
  return `[${where}](${url})${schema}`;
}

function markdownSide(side: TracedSide, version: ProtocolVersion): string[] {
  const coverage = specCoverage(side, version);
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
    ...statementsOf(side, page.page, version).map((statement) =>
      row([
        `\`${statement.id}\``,
        statement.keyword,
        sourceLink(statement, version),
        escapeCell(statement.says),
        escapeCell(statusText(statement) + (statement.note ? ` (${statement.note})` : "")),
      ]),
    ),
    "",
  ]);
  return [title, "", ...summary, "", ...untraced, ...pages];
}

/** Where `npm run coverage:docs` writes each profile's trace, from the repository's root. */
export const COVERAGE_DOCS: Record<ProtocolVersion, string> = {
  1: "docs/coverage.md",
  2: "docs/coverage-v2.md",
};

/** What the generated page says of its profile, before the tables. */
function introduction(version: ProtocolVersion, total: number): string[] {
  const docs = `[${SPEC_AT}](https://github.com/${PINNED_SPEC.repository}/tree/${PINNED_SPEC.docsCommit}/docs/protocol/v${version})`;
  const scope =
    version === 1
      ? ""
      : " The top-level pages only: `docs/protocol/v2/draft/` is the unstable surface and out of scope. No v2 requirement exists yet, so every statement is a gap or excluded; where a v1 requirement checks the same thing on the wire, the gap names it.";
  return [
    `Every normative statement of the ${DOCS_NAME[version]} at ${docs} that concerns a side, in the kit's own words, and what the kit does with it: the requirements that check it, a gap (testable, not checked yet), or why it is excluded. Schema statements name the definition in \`schema/v${version}/schema.json\` (${PINNED_SPEC.schemaPackage}) the payload must validate against. "Checked of testable" is checked / (checked + gaps). ${total} statements are traced.${scope}`,
  ];
}

/** docs/coverage.md (v1), or docs/coverage-v2.md with version 2. */
export function renderCoverageMarkdown(version: ProtocolVersion = 1): string {
  const total = TRACED_SIDES.reduce((sum, side) => sum + traceOf(side, version).length, 0);
  const lines = [
    version === 1 ? "# Spec coverage" : "# Spec coverage of ACP v2 (draft)",
    "",
    "<!-- Generated by `npm run coverage:docs` from kit/requirements/spec-trace/; do not edit by hand. -->",
    "",
    ...introduction(version, total),
    "",
    "Keywords: the spec's own (MUST, SHOULD, MAY...); `schema`, a required field or closed enum; `implied`, normative prose without a keyword; `position`, where the spec is silent and the kit takes a position.",
    "",
    ...TRACED_SIDES.flatMap((side) => markdownSide(side, version)),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}
