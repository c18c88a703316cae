/**
 * A compatibility matrix across targets: requirements by area as rows, one column per report
 * (target), a verdict mark in each cell. Reports of different modes may be mixed; a
 * requirement a report does not cover shows as blank.
 */
import { AREAS } from "../kit/requirements/index.js";
import type { ConformanceReport, RequirementResult } from "../kit/report/report-types.js";
import { escapeHtml, htmlPage, requirementIdHtml } from "./html-page.js";
import { inlineMarkdown } from "./markdown.js";
import { legendHtml, legendText, markHtml, markText } from "./marks.js";
import { levelLabel, profileLabel, targetLabel, verdictLine } from "./report-facts.js";

interface MatrixRow {
  area: string;
  id: string;
  level: string;
  title: string;
  cells: Array<RequirementResult | undefined>;
}

/** Column labels, made unique when two targets share a name. */
function columnLabels(reports: readonly ConformanceReport[]): string[] {
  // The profile is part of the label: one agent tested as v1 and as v2 is two columns.
  const labels = reports.map((report) => `${targetLabel(report)} (${report.mode}, ${profileLabel(report)})`);
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
        level: levelLabel(result),
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
  return `${markText(result.verdict)}${result.baselined ? " (baselined)" : ""}`;
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
  out.push("", legendText(), "");
  return out.join("\n");
}

function cellHtml(result: RequirementResult | undefined): string {
  if (!result) return `<td class="cell"></td>`;
  // The tooltip carries the failing check's message, so the matrix answers "why" without a click.
  const why = result.checks.find((check) => check.verdict === "fail")?.message;
  const title = `${result.verdict}${result.baselined ? " (baselined)" : ""}${why ? `: ${why}` : ""}`;
  const baselined = result.baselined ? ' <span class="message">(baselined)</span>' : "";
  return `<td class="cell cell-${result.verdict}" title="${escapeHtml(title)}">${markHtml(result.verdict)}${baselined}</td>`;
}

export function renderMatrixHtml(reports: readonly ConformanceReport[]): string {
  const labels = columnLabels(reports);
  const header = `<tr><th>requirement</th><th>level</th>${labels.map((label) => `<th class="target">${escapeHtml(label)}</th>`).join("")}</tr>`;
  // Each run verdict in its own colour (the classes the report's verdict box uses).
  const verdicts = `<tr><th>verdict</th><th></th>${reports.map((report) => `<th class="target"><span class="badge ${report.verdict}">${escapeHtml(report.verdict)}</span></th>`).join("")}</tr>`;
  const rows: string[] = [];
  let area = "";
  for (const row of matrixRows(reports)) {
    if (row.area !== area) {
      area = row.area;
      rows.push(`<tr class="area"><th colspan="${2 + reports.length}">${escapeHtml(area)}</th></tr>`);
    }
    rows.push(
      `<tr><td>${requirementIdHtml(row.id)}<br><span class="message">${escapeHtml(row.title)}</span></td><td>${escapeHtml(row.level)}</td>${row.cells.map(cellHtml).join("")}</tr>`,
    );
  }
  const targets = reports
    .map(
      (report, index) => `<li><b>${escapeHtml(labels[index]!)}</b>: ${escapeHtml(verdictLine(report))}</li>`,
    )
    .join("");
  const body = `<h1>acp-conformance compatibility matrix</h1><div class="meta">${reports.length} targets</div><ul class="targets">${targets}</ul><p class="legend">${legendHtml()}</p><table id="matrix"><thead>${header}${verdicts}</thead><tbody>${rows.join("")}</tbody></table>`;
  return htmlPage("acp-conformance compatibility matrix", body);
}
