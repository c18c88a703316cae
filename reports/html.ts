/**
 * A self-contained HTML report: one file, no network (inline CSS and script, no fonts, no
 * images), readable without script; the script only filters the requirement table. Each
 * failure has a transcript viewer with both directions and their timing.
 */
import { AREAS } from "../kit/requirements/index.js";
import type { ConformanceReport, RequirementResult, TranscriptLine } from "../kit/report/report-types.js";
import { escapeHtml, htmlPage, optionsHtml, requirementIdHtml } from "./html-page.js";
import { VERDICT_SYMBOL } from "./marks.js";
import {
  describeFlip,
  describeTarget,
  failingResults,
  levelLabel,
  notTestedReason,
  profileLabel,
  verdictLine,
} from "./report-facts.js";
import { citeLabel, specUrl } from "./spec-links.js";

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
    return `<tr class="dir-${line.dir}"><td class="t mono">${Math.round(line.t)} ms</td><td class="dir mono">${ARROW[line.dir]}</td><td class="text mono">${escapeHtml(line.text)}${flags}</td></tr>`;
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

/** The grey line under a title: why a requirement was not tested and, apart, what would test it. */
function noteHtml(result: RequirementResult, first: RequirementResult["checks"][number] | undefined): string {
  if (result.verdict === "not-tested") {
    const { why, unlock } = notTestedReason(result);
    const hint = unlock ? `<span class="hint">to test it: ${optionsHtml(unlock)}</span>` : "";
    return `<br><span class="message">${escapeHtml(why)}</span>${hint}`;
  }
  if (first && result.verdict === "not-applicable")
    return `<br><span class="message">${escapeHtml(first.message)}</span>`;
  return "";
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
    const verdict = `<span class="mark" aria-hidden="true">${VERDICT_SYMBOL[result.verdict]}</span> ${result.verdict.replace("-", " ")}`;
    rows.push(
      `<tr class="requirement" data-verdict="${result.verdict}" data-search="${escapeHtml(search)}"><td class="verdict-cell v-${result.verdict}">${verdict}</td><td>${requirementIdHtml(result.id)}${baselined}</td><td class="level">${escapeHtml(levelLabel(result))}</td><td>${escapeHtml(result.title)}${noteHtml(result, first)}</td></tr>`,
    );
    if (result.verdict === "fail" || result.verdict === "warn")
      rows.push(
        `<tr class="evidence" data-for="${escapeHtml(result.id)}"><td></td><td colspan="3">${evidenceHtml(result)}</td></tr>`,
      );
  }
  return rows.join("\n");
}

/** A count cell: non-zero failures, warnings and gaps in their verdict's colour, zeros muted. */
function countCell(count: number, verdict: RequirementResult["verdict"]): string {
  const tone =
    count === 0 ? " zero" : verdict === "pass" || verdict === "not-applicable" ? "" : ` v-${verdict}`;
  return `<td class="num${tone}">${count}</td>`;
}

const AREA_COLUMNS: ReadonlyArray<[RequirementResult["verdict"], string]> = [
  ["pass", "pass"],
  ["fail", "fail"],
  ["warn", "warn"],
  ["not-tested", "not tested"],
  ["not-applicable", "n/a"],
];

function areaTable(report: ConformanceReport): string {
  const rows = AREAS.flatMap((area) => {
    const inArea = report.requirements.filter((result) => result.area === area);
    if (inArea.length === 0) return [];
    const cells = AREA_COLUMNS.map(([verdict]) =>
      countCell(inArea.filter((result) => result.verdict === verdict).length, verdict),
    );
    return [`<tr><td>${area}</td>${cells.join("")}</tr>`];
  });
  // Header cells are built from the same list as the number cells, so they cannot drift apart.
  const header = AREA_COLUMNS.map(([, label]) => `<th class="num">${label}</th>`).join("");
  return `<table class="areas" id="areas"><tr><th>area</th>${header}</tr>${rows.join("")}</table>`;
}

function propertiesHtml(report: ConformanceReport): string {
  if (report.properties.length === 0) return "";
  const rows = report.properties.map((property) => {
    const extra =
      property.verdict === "fail"
        ? `<br><span class="message">${escapeHtml(property.message)}</span>${property.counterexample !== undefined ? `<pre>${escapeHtml(JSON.stringify(property.counterexample, null, 2))}</pre>` : ""}${property.replay ? `<pre>${escapeHtml(property.replay)}</pre>` : ""}`
        : "";
    return `<tr><td class="verdict-cell v-${property.verdict}">${property.verdict.replace("-", " ")}</td><td>${requirementIdHtml(property.id)}${extra}</td><td class="num">${property.runs}</td><td class="num">${property.seed}</td></tr>`;
  });
  return `<h2>Properties</h2><table><tr><th>verdict</th><th>property</th><th class="num">cases</th><th class="num">seed</th></tr>${rows.join("")}</table>`;
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

/** --repeat: the requirements whose verdict changed between runs, each run's deciding message. */
function flipsHtml(report: ConformanceReport): string {
  const flips = report.repeat?.flips ?? [];
  if (flips.length === 0) return "";
  const items = flips.map((flip) => {
    const { runs } = describeFlip(flip);
    return `<li>${requirementIdHtml(flip.id)} <span class="level">${escapeHtml(flip.level)}</span>: ${escapeHtml(flip.runs.map((run) => run.verdict).join(" → "))}<ul>${runs.map((run) => `<li class="message">${escapeHtml(run)}</li>`).join("")}</ul></li>`;
  });
  return `<h2 id="flips">Verdicts that changed between the ${report.repeat!.runs} runs</h2><p>The same target got different verdicts, so the run is unstable (it exits 1); what follows is the first run's.</p><ul>${items.join("")}</ul>`;
}

export function renderHtml(report: ConformanceReport): string {
  const failures = failingResults(report).length;
  const stale = report.baseline?.stale.length
    ? `<div class="verdict not-conformant">Stale baseline <code>${escapeHtml(report.baseline.file)}</code>: ${report.baseline.stale.map((entry) => `line ${entry.line} (<code>${escapeHtml(entry.id)}</code>)`).join(", ")} now pass; delete them.</div>`
    : "";
  const body = [
    `<h1>acp-conformance · ${report.mode} mode</h1>`,
    `<div class="meta">${escapeHtml(describeTarget(report))} · kit ${escapeHtml(report.tool.version)} · ${escapeHtml(profileLabel(report))} · seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s · ${escapeHtml(report.startedAt)}</div>`,
    `<div class="verdict ${report.verdict}" id="verdict">${escapeHtml(verdictLine(report))}</div>`,
    stale,
    flipsHtml(report),
    `<h2>By area</h2>${areaTable(report)}`,
    `<h2>Requirements</h2>`,
    `<div class="filters"><input id="filter" type="search" placeholder="filter by id, title, area or message" aria-label="filter requirements"><select id="verdict-filter" aria-label="verdict"><option value="all">all verdicts</option><option value="failing"${failures ? " selected" : ""}>failing</option><option value="fail">fail</option><option value="warn">warn</option><option value="not-tested">not tested</option><option value="pass">pass</option><option value="not-applicable">not applicable</option></select><span id="shown-count" class="message"></span></div>`,
    `<table id="requirements"><tr><th>verdict</th><th>requirement</th><th>level</th><th>title</th></tr>${requirementRows(report)}</table>`,
    propertiesHtml(report),
  ].join("\n");
  return htmlPage(`acp-conformance ${report.mode}: ${report.verdict}`, body, FILTER_SCRIPT);
}
