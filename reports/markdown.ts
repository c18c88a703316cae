/**
 * Markdown for people and for $GITHUB_STEP_SUMMARY: the verdict, a per-area table, each
 * failure with its evidence and spec link, and the properties with their seeds. GitHub caps a
 * step summary at 1 MiB, so evidence is trimmed to the lines that matter.
 */
import { AREAS } from "../kit/requirements/index.js";
import type { ConformanceReport, RequirementResult } from "../kit/report/report-types.js";
import { markText } from "./marks.js";
import { citeLabel, specUrl } from "./spec-links.js";
import {
  describeFlip,
  describeTarget,
  failingResults,
  levelLabel,
  profileLabel,
  untestedMusts,
  verdictLine,
  whyNotTested,
} from "./report-facts.js";

/** Markdown-safe inline text: no table breaks, no accidental emphasis or HTML. */
export function inlineMarkdown(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/[<>]/g, (c) => (c === "<" ? "&lt;" : "&gt;"))
    .replace(/[*_`[\]]/g, "\\$&")
    .replace(/\r?\n/g, " ");
}

/** A fenced block that the content cannot close early. */
function fenced(text: string, language = "text"): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

function citeMarkdown(cite: string): string {
  const url = specUrl(cite);
  return url ? `[${inlineMarkdown(cite)}](${url})` : `\`${citeLabel(cite)}\``;
}

function evidenceMarkdown(result: RequirementResult): string[] {
  const failing = result.checks.find((check) => check.verdict === "fail");
  if (!failing?.evidence) return [];
  const lines: string[] = [];
  const transcript = failing.evidence.transcript ?? [];
  if (transcript.length > 0) {
    const shown = transcript
      .slice(-16)
      .map(
        (line) =>
          `${String(Math.round(line.t)).padStart(7)} ms ${line.dir === "sent" ? "→" : line.dir === "received" ? "←" : line.dir === "stderr" ? "!" : "·"} ${line.text.length > 300 ? `${line.text.slice(0, 300)}…` : line.text}`,
      );
    lines.push(
      "<details><summary>transcript (→ sent by the kit, ← received, ! stderr)</summary>",
      "",
      fenced(shown.join("\n")),
      "",
      "</details>",
    );
  }
  if (failing.evidence.stderrTail)
    lines.push(
      "<details><summary>stderr tail</summary>",
      "",
      fenced(failing.evidence.stderrTail.slice(-2000)),
      "",
      "</details>",
    );
  return lines;
}

export function renderMarkdown(report: ConformanceReport): string {
  const out: string[] = [];
  out.push(`## acp-conformance: ${report.mode} mode`, "");
  out.push(`**${verdictLine(report)}**`, "");
  out.push(
    `Target: \`${describeTarget(report).replace(/`/g, "'")}\` · kit ${report.tool.version} · ${profileLabel(report)} · seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s`,
    "",
  );
  if (report.baseline?.stale.length) {
    out.push(`**Stale baseline** (\`${report.baseline.file}\`): these now pass; delete their lines:`, "");
    for (const entry of report.baseline.stale) out.push(`- line ${entry.line}: \`${entry.id}\``);
    out.push("");
  }

  if (report.repeat && report.repeat.flips.length > 0) {
    out.push(
      `### Verdicts that changed between the ${report.repeat.runs} runs (${report.repeat.flips.length})`,
      "",
    );
    for (const flip of report.repeat.flips) {
      const { head, runs } = describeFlip(flip);
      out.push(`- \`${flip.id}\` ${inlineMarkdown(head.slice(flip.id.length + 1))}`);
      for (const run of runs) out.push(`  - ${inlineMarkdown(run)}`);
    }
    out.push(
      "",
      "The same target got different verdicts, so the run is unstable (it exits 1); the tables below are the first run's.",
      "",
    );
  }

  out.push("| area | pass | fail | warn | not tested | n/a |", "|---|---:|---:|---:|---:|---:|");
  for (const area of AREAS) {
    const inArea = report.requirements.filter((result) => result.area === area);
    if (inArea.length === 0) continue;
    const count = (verdict: RequirementResult["verdict"]) =>
      inArea.filter((result) => result.verdict === verdict).length;
    out.push(
      `| ${area} | ${count("pass")} | ${count("fail") ? `**${count("fail")}**` : 0} | ${count("warn")} | ${count("not-tested")} | ${count("not-applicable")} |`,
    );
  }
  out.push("");

  const failures = failingResults(report);
  if (failures.length > 0) {
    out.push(`### Failures (${failures.length})`, "");
    for (const result of failures) {
      const failing = result.checks.find((check) => check.verdict === "fail");
      const tag = result.baselined ? " (baselined)" : "";
      out.push(`#### ${markText(result.verdict)} \`${result.id}\` (${levelLabel(result)})${tag}`, "");
      out.push(`${inlineMarkdown(result.title)}. See ${citeMarkdown(result.cite)}.`, "");
      if (failing)
        out.push(`> ${inlineMarkdown(failing.message)}`, ">", `> scenario \`${failing.scenario}\``, "");
      out.push(...evidenceMarkdown(result), "");
    }
  }

  const mustUntested = untestedMusts(report);
  if (report.verdict === "incomplete") {
    out.push(`### Not tested: MUST requirements (${mustUntested.length})`, "");
    for (const result of mustUntested)
      out.push(`- \`${result.id}\`: ${inlineMarkdown(whyNotTested(result))}`);
    out.push(
      "",
      "An incomplete run exits 1. To gate CI on everything else, list these in a baseline (`--write-baseline`).",
      "",
    );
  }
  const untested = report.requirements.filter((result) => result.verdict === "not-tested");
  if (untested.length > 0) {
    out.push(`<details><summary>Not tested (${untested.length})</summary>`, "");
    for (const result of untested) out.push(`- \`${result.id}\`: ${inlineMarkdown(whyNotTested(result))}`);
    out.push("", "</details>", "");
  }

  if (report.properties.length > 0) {
    out.push("### Properties", "", "| property | verdict | cases | seed |", "|---|---|---:|---:|");
    for (const property of report.properties)
      out.push(`| \`${property.id}\` | ${property.verdict} | ${property.runs} | ${property.seed} |`);
    out.push("");
    for (const property of report.properties.filter((entry) => entry.verdict === "fail")) {
      out.push(`**\`${property.id}\`**: ${inlineMarkdown(property.message)}`, "");
      if (property.counterexample !== undefined)
        out.push(fenced(JSON.stringify(property.counterexample, null, 2).slice(0, 4000), "json"), "");
      if (property.replay) out.push("Replay:", "", fenced(property.replay, "sh"), "");
    }
  }

  const passed = report.requirements.filter(
    (result) => result.verdict === "pass" || result.verdict === "not-applicable",
  );
  out.push(
    `<details><summary>All requirements (${report.requirements.length})</summary>`,
    "",
    "| | requirement | level | area |",
    "|---|---|---|---|",
  );
  for (const result of [...failures, ...untested, ...passed])
    out.push(`| ${markText(result.verdict)} | \`${result.id}\` | ${levelLabel(result)} | ${result.area} |`);
  out.push("", "</details>", "");
  return out.join("\n");
}
