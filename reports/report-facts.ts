/** Facts every renderer states the same way: who was tested, the verdict line, what failed. */
import type { ConformanceReport, RequirementResult, VerdictFlip } from "../kit/report/report-types.js";

export function describeTarget(report: ConformanceReport): string {
  const info = report.target.info as { name?: string; version?: string } | undefined;
  const who = report.target.bundled
    ? `the bundled reference ${report.mode}`
    : [report.target.command, ...report.target.args].join(" ");
  return info?.name ? `${who} (${info.name}${info.version ? ` ${info.version}` : ""})` : who;
}

/** The protocol and version the run tested, as every format names it: "ACP v1", "ACP v2 (draft)", "stdio-adapter v1". */
export function profileLabel(report: ConformanceReport): string {
  const { name, version } = report.protocol;
  if (name !== "acp") return `${name} v${version}`;
  return version === 2 ? "ACP v2 (draft)" : `ACP v${version}`;
}

/** A short name for a matrix column. */
export function targetLabel(report: ConformanceReport): string {
  const info = report.target.info as { name?: string; version?: string } | undefined;
  if (info?.name) return `${info.name}${info.version ? ` ${info.version}` : ""}`;
  if (report.target.bundled) return `reference ${report.mode}`;
  const last =
    [report.target.command, ...report.target.args].filter((word) => !word.startsWith("-")).at(-1) ??
    report.target.command;
  return last.split("/").at(-1) ?? last;
}

const VERDICT_WORDS: Record<ConformanceReport["verdict"], string> = {
  conformant: "CONFORMANT",
  "not-conformant": "NOT CONFORMANT",
  incomplete: "INCOMPLETE",
  blocked: "BLOCKED",
  unstable: "UNSTABLE",
};

export function verdictLine(report: ConformanceReport): string {
  const { pass, fail, warn, notTested, notApplicable } = report.summary;
  const counts = `${pass} pass, ${fail} fail, ${warn} warn, ${notTested} not tested${notApplicable ? `, ${notApplicable} not applicable` : ""}`;
  if (report.verdict === "blocked")
    return `BLOCKED: ${report.blockedReason ?? "the run could not go on"} (${counts})`;
  const stale = report.baseline?.stale.length
    ? `; ${report.baseline.stale.length} stale baseline entr${report.baseline.stale.length === 1 ? "y" : "ies"}`
    : "";
  const untested = untestedMusts(report).length;
  const why =
    report.verdict === "incomplete"
      ? `; nothing failed, but ${untested} MUST requirement${untested === 1 ? " was" : "s were"} not tested`
      : report.verdict === "unstable"
        ? `; ${repeatSummary(report)}`
        : "";
  return `${VERDICT_WORDS[report.verdict]} (${counts}${stale}${why})`;
}

/** "must", "should", or "should, kit position" where the spec is silent and the kit takes one. */
export function levelLabel(result: RequirementResult): string {
  return result.position ? `${result.level}, kit position` : result.level;
}

/** MUST requirements that were not tested (and no baseline covers): what keeps a run incomplete. */
export function untestedMusts(report: ConformanceReport): RequirementResult[] {
  return report.requirements.filter(
    (result) => result.level === "must" && result.verdict === "not-tested" && !result.baselined,
  );
}

/** Why a requirement was not tested, and (when the kit knows) what would let it be: apart, for HTML. */
export function notTestedReason(result: RequirementResult): { why: string; unlock?: string } {
  const why =
    result.checks.find((check) => check.verdict === "not-tested")?.message ??
    "no scenario exercised it in this run";
  return result.unlock ? { why, unlock: result.unlock } : { why };
}

/** Why a requirement was not tested, and what would let it be, in one line. */
export function whyNotTested(result: RequirementResult): string {
  const { why, unlock } = notTestedReason(result);
  return unlock ? `${why} (to test it: ${unlock})` : why;
}

/** Failures and warnings, unbaselined first. */
export function failingResults(report: ConformanceReport): RequirementResult[] {
  const failing = report.requirements.filter(
    (result) => result.verdict === "fail" || result.verdict === "warn",
  );
  return [...failing.filter((result) => !result.baselined), ...failing.filter((result) => result.baselined)];
}

/** --repeat in one phrase: "2 requirements flipped over 3 runs (not conformant, conformant, not conformant)". */
export function repeatSummary(report: ConformanceReport): string {
  const repeat = report.repeat;
  if (!repeat) return "";
  const flips = repeat.flips.length;
  const verdicts = repeat.verdicts.map((verdict) => VERDICT_WORDS[verdict].toLowerCase()).join(", ");
  return `${flips} requirement${flips === 1 ? "" : "s"} flipped over ${repeat.runs} runs (${verdicts})`;
}

/** One flip as every format states it: each run's verdict, then what decided it. */
export function describeFlip(flip: VerdictFlip): { head: string; runs: string[] } {
  return {
    head: `${flip.id} (${flip.level}): ${flip.runs.map((run) => run.verdict).join(" → ")}`,
    runs: flip.runs.map(
      (run, index) =>
        `run ${index + 1}: ${run.verdict}${run.scenario ? ` in ${run.scenario}` : ""}: ${run.message}`,
    ),
  };
}
