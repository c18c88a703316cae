/**
 * On GitHub Actions (GITHUB_ACTIONS=true) the kit writes the Markdown report to the job's step
 * summary and one `::error` annotation per failure that fails the run, so failures show on
 * the workflow run page without opening a log.
 */
import { appendFileSync } from "node:fs";
import type { ConformanceReport } from "../kit/report/report-types.js";
import { renderMarkdown } from "./markdown.js";
import { describeFlip, failingResults, untestedMusts, whyNotTested } from "./report-facts.js";

/** Workflow-command escaping (the runner's own rules): data escapes %, CR, LF; properties also : and ,. */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * One `::error` line per unbaselined MUST failure (and SHOULD warnings as `::warning`), one
 * `::warning` per untested MUST of an incomplete run, one `::error` per verdict that changed
 * between --repeat runs, plus stale baseline entries.
 */
export function githubAnnotations(report: ConformanceReport): string[] {
  const lines: string[] = [];
  for (const result of failingResults(report)) {
    if (result.baselined) continue;
    const failing = result.checks.find((check) => check.verdict === "fail");
    const level = result.verdict === "fail" ? "error" : "warning";
    lines.push(
      `::${level} title=${escapeProperty(`acp-conformance ${result.id}`)}::${escapeData(`${result.title}: ${failing?.message ?? ""} (scenario ${failing?.scenario ?? "?"}; see ${result.cite})`)}`,
    );
  }
  if (report.verdict === "incomplete") {
    for (const result of untestedMusts(report))
      lines.push(
        `::warning title=${escapeProperty(`acp-conformance ${result.id} not tested`)}::${escapeData(`${result.title}: ${whyNotTested(result)}`)}`,
      );
  }
  for (const flip of report.repeat?.flips ?? []) {
    const { head, runs } = describeFlip(flip);
    lines.push(
      `::error title=${escapeProperty(`acp-conformance ${flip.id} unstable`)}::${escapeData(`verdict changed between runs: ${head}; ${runs.join("; ")}`)}`,
    );
  }
  for (const entry of report.baseline?.stale ?? []) {
    lines.push(
      `::error file=${escapeProperty(report.baseline!.file)},line=${entry.line},title=${escapeProperty("stale baseline entry")}::${escapeData(`${entry.id} now passes: delete line ${entry.line} of ${report.baseline!.file}`)}`,
    );
  }
  return lines;
}

export function isGithubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.GITHUB_ACTIONS === "true";
}

/** Appends the Markdown report to $GITHUB_STEP_SUMMARY and prints the annotations. */
export function publishToGithubActions(
  report: ConformanceReport,
  write: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${renderMarkdown(report)}\n`);
  const annotations = githubAnnotations(report);
  if (annotations.length > 0) write(`${annotations.join("\n")}\n`);
}
