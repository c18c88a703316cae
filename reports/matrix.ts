/**
 * A compatibility matrix across targets: requirements by area as rows, one column per report
 * (target), a verdict mark in each cell. Reports of different modes may be mixed; a
 * requirement a report does not cover shows as blank.
 */
import { AREAS } from "../kit/requirements/index.js";
import type { ConformanceReport, RequirementResult } from "../kit/report/report-types.js";
import { targetLabel, verdictLine } from "./report-facts.js";
import { escapeHtml, htmlPage } from "./html.js";
import { inlineMarkdown } from "./markdown.js";

const MARK: Record<RequirementResult["verdict"], string> = {
  pass: "✅",
  fail: "❌",
  warn: "⚠️",
  "not-applicable": "➖",
  "not-tested": "❔",
};

interface MatrixRow {
  area: string;
  id: string;
  level: string;
  title: string;
  cells: Array<RequirementResult | undefined>;
}

/** Column labels, made unique when two targets share a name. */
function columnLabels(reports: readonly ConformanceReport[]): string[] {
  const labels = reports.map((report) => `${targetLabel(report)} (${report.mode})`);
  return labels.map((label, index) =>
    labels.indexOf(label) !== index || labels.lastIndexOf(label) !== index ? `${label} #${index + 1}` : label,
  );
}

export function matrixRows(reports: readonly ConformanceReport[]): MatrixRow[] {
  const byId = new Map<string, MatrixRow>();
  for (const [column, report] of reports.entries()) {
    for (const result of report.requirements) {
      const row = byId.get(result.id) ?? {
        area: result.area,
        id: result.id,
        level: result.level,
        title: result.title,
        cells: reports.map(() => undefined),
      };
      row.cells[column] = result;
      byId.set(result.id, row);
    }
  }
  const areaOrder = (area: string) => (AREAS as readonly string[]).indexOf(area);
  return [...byId.values()].sort((a, b) => areaOrder(a.area) - areaOrder(b.area) || a.id.localeCompare(b.id));
}

function cellMark(result: RequirementResult | undefined): string {
  if (!result) return "";
  return `${MARK[result.verdict]}${result.baselined ? " (baselined)" : ""}`;
}

export function renderMatrixMarkdown(reports: readonly ConformanceReport[]): string {
  const labels = columnLabels(reports);
  const out = ["## acp-conformance compatibility matrix", ""];
  for (const [index, report] of reports.entries())
    out.push(`- **${inlineMarkdown(labels[index]!)}**: ${verdictLine(report)}`);
  out.push(
    "",
    `| requirement | level | ${labels.map(inlineMarkdown).join(" | ")} |`,
    `|---|---|${labels.map(() => ":-:").join("|")}|`,
  );
  let area = "";
  for (const row of matrixRows(reports)) {
    if (row.area !== area) {
      area = row.area;
      out.push(`| **${area}** | | ${labels.map(() => "").join(" | ")} |`);
    }
    out.push(`| \`${row.id}\` | ${row.level} | ${row.cells.map(cellMark).join(" | ")} |`);
  }
  out.push("", "✅ pass · ❌ fail · ⚠️ warn (SHOULD) · ❔ not tested · ➖ not applicable", "");
  return out.join("\n");
}

export function renderMatrixHtml(reports: readonly ConformanceReport[]): string {
  const labels = columnLabels(reports);
  const header = `<tr><th>requirement</th><th>level</th>${labels.map((label) => `<th>${escapeHtml(label)}</th>`).join("")}</tr>`;
  const verdicts = `<tr><th>verdict</th><th></th>${reports.map((report) => `<th class="v-${report.verdict === "conformant" ? "pass" : "fail"}">${escapeHtml(report.verdict)}</th>`).join("")}</tr>`;
  const rows: string[] = [];
  let area = "";
  for (const row of matrixRows(reports)) {
    if (row.area !== area) {
      area = row.area;
      rows.push(`<tr><th colspan="${2 + reports.length}">${escapeHtml(area)}</th></tr>`);
    }
    const cells = row.cells.map(
      (result) =>
        `<td class="v-${result?.verdict ?? "none"}" title="${escapeHtml(result?.checks.find((check) => check.verdict === "fail")?.message ?? "")}">${cellMark(result)}</td>`,
    );
    rows.push(
      `<tr><td><code>${escapeHtml(row.id)}</code><br><span class="message">${escapeHtml(row.title)}</span></td><td>${row.level}</td>${cells.join("")}</tr>`,
    );
  }
  const body = `<h1>acp-conformance compatibility matrix</h1><div class="meta">${reports.length} targets</div><table id="matrix">${header}${verdicts}${rows.join("")}</table>`;
  return htmlPage("acp-conformance compatibility matrix", body);
}
