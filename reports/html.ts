/**
 * A self-contained HTML report: one file, no network (inline CSS and script, no fonts, no
 * images), readable without script; the script only filters the requirement table. Each
 * failure has a transcript viewer with both directions and their timing.
 */
import { AREAS } from "../kit/requirements/index.js";
import type { ConformanceReport, RequirementResult, TranscriptLine } from "../kit/report/report-types.js";
import { describeTarget, failingResults, levelLabel, verdictLine, whyNotTested } from "./report-facts.js";
import { citeLabel, specUrl } from "./spec-links.js";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export const HTML_STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1b1f24;background:#fff}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 8px}
.meta{color:#57606a;margin-bottom:16px}
.verdict{padding:12px 16px;border-radius:6px;font-weight:600;margin:12px 0}
.verdict.conformant{background:#dafbe1;color:#116329} .verdict.not-conformant{background:#ffebe9;color:#a40e26} .verdict.blocked,.verdict.incomplete{background:#fff8c5;color:#7d4e00}
table{border-collapse:collapse;width:100%} th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #d0d7de;vertical-align:top}
th{background:#f6f8fa;font-weight:600} td.num{text-align:right}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
.v-pass{color:#116329}.v-fail{color:#a40e26;font-weight:600}.v-warn{color:#9a6700;font-weight:600}.v-not-tested{color:#9a6700}.v-not-applicable{color:#57606a}
.filters{display:flex;gap:8px;margin:8px 0} .filters input{flex:1;padding:6px} .filters select{padding:6px}
.message{color:#57606a} .hidden{display:none}
.transcript{margin:6px 0 10px;background:#f6f8fa} .transcript td{border:none;padding:1px 6px;white-space:pre-wrap;word-break:break-all}
.dir-sent td.dir{color:#0550ae}.dir-received td.dir{color:#116329}.dir-stderr td.dir{color:#9a6700}.dir-note td.dir{color:#57606a}
.flags{color:#57606a} pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap}
`;

const MARK: Record<RequirementResult["verdict"], string> = {
  pass: "✓",
  fail: "✗",
  warn: "!",
  "not-applicable": "–",
  "not-tested": "?",
};
const ARROW: Record<TranscriptLine["dir"], string> = {
  sent: "→ sent",
  received: "← received",
  stderr: "stderr",
  note: "note",
};

function citeHtml(cite: string): string {
  const url = specUrl(cite);
  return url
    ? `<a href="${escapeHtml(url)}">${escapeHtml(cite)}</a>`
    : `<code>${escapeHtml(citeLabel(cite))}</code>`;
}

function transcriptHtml(lines: readonly TranscriptLine[]): string {
  const rows = lines.map((line) => {
    const flags = line.flags?.length
      ? ` <span class="flags">[${escapeHtml(line.flags.join(", "))}]</span>`
      : "";
    return `<tr class="dir-${line.dir}"><td class="mono num">${Math.round(line.t)} ms</td><td class="dir mono">${ARROW[line.dir]}</td><td class="mono">${escapeHtml(line.text)}${flags}</td></tr>`;
  });
  return `<table class="transcript">${rows.join("")}</table>`;
}

function evidenceHtml(result: RequirementResult): string {
  const failing = result.checks.find((check) => check.verdict === "fail");
  if (!failing) return "";
  const parts = [
    `<p>${escapeHtml(failing.message)}<br><span class="message">scenario <code>${escapeHtml(failing.scenario)}</code> · see ${citeHtml(result.cite)}</span></p>`,
  ];
  const transcript = failing.evidence?.transcript ?? [];
  if (transcript.length > 0)
    parts.push(
      `<details class="transcript-viewer" open><summary>transcript (${transcript.length} lines)</summary>${transcriptHtml(transcript)}</details>`,
    );
  if (failing.evidence?.stderrTail)
    parts.push(
      `<details><summary>stderr tail</summary><pre>${escapeHtml(failing.evidence.stderrTail)}</pre></details>`,
    );
  const details = failing.evidence?.details;
  if (details !== undefined)
    parts.push(
      `<details><summary>details</summary><pre>${escapeHtml(JSON.stringify(details, null, 2).slice(0, 20_000))}</pre></details>`,
    );
  return parts.join("");
}

function requirementRows(report: ConformanceReport): string {
  const rows: string[] = [];
  for (const result of report.requirements) {
    const first =
      result.checks.find(
        (check) =>
          check.verdict === result.verdict || (result.verdict === "warn" && check.verdict === "fail"),
      ) ?? result.checks[0];
    const search = [result.id, result.title, result.area, first?.message ?? ""].join(" ").toLowerCase();
    const baselined = result.baselined ? ' <span class="message">(baselined)</span>' : "";
    const note =
      result.verdict === "not-tested"
        ? whyNotTested(result)
        : first && result.verdict !== "pass" && result.verdict !== "fail" && result.verdict !== "warn"
          ? first.message
          : undefined;
    rows.push(
      `<tr class="requirement" data-verdict="${result.verdict}" data-search="${escapeHtml(search)}"><td class="v-${result.verdict}">${MARK[result.verdict]} ${result.verdict}</td><td><code>${escapeHtml(result.id)}</code>${baselined}</td><td>${escapeHtml(levelLabel(result))}</td><td>${escapeHtml(result.title)}${note ? `<br><span class="message">${escapeHtml(note)}</span>` : ""}</td></tr>`,
    );
    if (result.verdict === "fail" || result.verdict === "warn")
      rows.push(
        `<tr class="evidence" data-for="${escapeHtml(result.id)}"><td></td><td colspan="3">${evidenceHtml(result)}</td></tr>`,
      );
  }
  return rows.join("\n");
}

function areaTable(report: ConformanceReport): string {
  const rows = AREAS.flatMap((area) => {
    const inArea = report.requirements.filter((result) => result.area === area);
    if (inArea.length === 0) return [];
    const count = (verdict: RequirementResult["verdict"]) =>
      inArea.filter((result) => result.verdict === verdict).length;
    return [
      `<tr><td>${area}</td><td class="num">${count("pass")}</td><td class="num v-${count("fail") ? "fail" : "pass"}">${count("fail")}</td><td class="num">${count("warn")}</td><td class="num">${count("not-tested")}</td><td class="num">${count("not-applicable")}</td></tr>`,
    ];
  });
  return `<table><tr><th>area</th><th>pass</th><th>fail</th><th>warn</th><th>not tested</th><th>n/a</th></tr>${rows.join("")}</table>`;
}

function propertiesHtml(report: ConformanceReport): string {
  if (report.properties.length === 0) return "";
  const rows = report.properties.map((property) => {
    const extra =
      property.verdict === "fail"
        ? `<br><span class="message">${escapeHtml(property.message)}</span>${property.counterexample !== undefined ? `<pre>${escapeHtml(JSON.stringify(property.counterexample, null, 2))}</pre>` : ""}${property.replay ? `<pre>${escapeHtml(property.replay)}</pre>` : ""}`
        : "";
    return `<tr><td class="v-${property.verdict}">${property.verdict}</td><td><code>${escapeHtml(property.id)}</code>${extra}</td><td class="num">${property.runs}</td><td class="num">${property.seed}</td></tr>`;
  });
  return `<h2>Properties</h2><table><tr><th>verdict</th><th>property</th><th>cases</th><th>seed</th></tr>${rows.join("")}</table>`;
}

/** The filter: text matches id, title, area or message; the select picks one verdict. Evidence rows follow their requirement. */
export const FILTER_SCRIPT = `
(function(){
  var text=document.getElementById('filter'), verdict=document.getElementById('verdict-filter'), count=document.getElementById('shown-count');
  function apply(){
    var q=text.value.trim().toLowerCase(), v=verdict.value, shown=0;
    document.querySelectorAll('tr.requirement').forEach(function(row){
      var ok=(!q||row.dataset.search.indexOf(q)!==-1)&&(v==='all'||row.dataset.verdict===v||(v==='failing'&&(row.dataset.verdict==='fail'||row.dataset.verdict==='warn')));
      row.classList.toggle('hidden',!ok); if(ok) shown++;
      var next=row.nextElementSibling; if(next&&next.classList.contains('evidence')) next.classList.toggle('hidden',!ok);
    });
    count.textContent=shown+' shown';
  }
  text.addEventListener('input',apply); verdict.addEventListener('change',apply); apply();
})();
`;

export function htmlPage(title: string, body: string, script = ""): string {
  // No external resource of any kind: the file must open offline and leak nothing when opened.
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"><title>${escapeHtml(title)}</title><style>${HTML_STYLE}</style></head><body><main>${body}</main>${script ? `<script>${script}</script>` : ""}</body></html>\n`;
}

export function renderHtml(report: ConformanceReport): string {
  const failures = failingResults(report).length;
  const stale = report.baseline?.stale.length
    ? `<div class="verdict not-conformant">Stale baseline <code>${escapeHtml(report.baseline.file)}</code>: ${report.baseline.stale.map((entry) => `line ${entry.line} (<code>${escapeHtml(entry.id)}</code>)`).join(", ")} now pass; delete them.</div>`
    : "";
  const body = [
    `<h1>acp-conformance · ${report.mode} mode</h1>`,
    `<div class="meta">${escapeHtml(describeTarget(report))} · kit ${escapeHtml(report.tool.version)} · ${escapeHtml(report.protocol.name)} v${report.protocol.version} · seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s · ${escapeHtml(report.startedAt)}</div>`,
    `<div class="verdict ${report.verdict}" id="verdict">${escapeHtml(verdictLine(report))}</div>`,
    stale,
    `<h2>By area</h2>${areaTable(report)}`,
    `<h2>Requirements</h2>`,
    `<div class="filters"><input id="filter" type="search" placeholder="filter by id, title, area or message" aria-label="filter requirements"><select id="verdict-filter" aria-label="verdict"><option value="all">all verdicts</option><option value="failing"${failures ? " selected" : ""}>failing</option><option value="fail">fail</option><option value="warn">warn</option><option value="not-tested">not tested</option><option value="pass">pass</option><option value="not-applicable">not applicable</option></select><span id="shown-count" class="message"></span></div>`,
    `<table id="requirements"><tr><th>verdict</th><th>requirement</th><th>level</th><th>title</th></tr>${requirementRows(report)}</table>`,
    propertiesHtml(report),
  ].join("\n");
  return htmlPage(`acp-conformance ${report.mode}: ${report.verdict}`, body, FILTER_SCRIPT);
}
