/**
 * From checks to requirement verdicts: any fail → fail (a `should` fail is reported as `warn`
 * unless --strict); else any pass → pass; else gated off → not-applicable; else not-tested.
 * The run's verdict is judgeRun's (engine/judge-run.ts).
 */
import type { Requirement } from "../kit/requirements/index.js";
import type { RecordedCheck } from "../kit/scenario.js";
import type { ConformanceReport, RequirementResult, RequirementVerdict } from "../kit/report/report-types.js";

export interface AggregateOptions {
  strict: boolean;
  /** Requirement ids whose gate the target did not advertise. */
  gatedOff?: ReadonlySet<string>;
}

export function requirementVerdict(
  requirement: Requirement,
  checks: readonly RecordedCheck[],
  options: AggregateOptions,
): RequirementVerdict {
  if (checks.some((check) => check.verdict === "fail")) {
    if (requirement.level === "must" || options.strict) return "fail";
    return requirement.level === "should" ? "warn" : "pass";
  }
  if (checks.some((check) => check.verdict === "pass")) return "pass";
  if (options.gatedOff?.has(requirement.id) || checks.some((check) => check.verdict === "not-applicable"))
    return "not-applicable";
  return "not-tested";
}

export function aggregateRequirements(
  requirements: readonly Requirement[],
  checks: readonly RecordedCheck[],
  options: AggregateOptions,
): RequirementResult[] {
  const byRequirement = new Map<string, RecordedCheck[]>();
  for (const check of checks) {
    const list = byRequirement.get(check.requirement) ?? [];
    list.push(check);
    byRequirement.set(check.requirement, list);
  }
  return requirements.map((requirement) => {
    const own = byRequirement.get(requirement.id) ?? [];
    const result: RequirementResult = {
      id: requirement.id,
      title: requirement.title,
      area: requirement.area,
      level: requirement.level,
      side: requirement.side,
      cite: requirement.cite,
      verdict: requirementVerdict(requirement, own, options),
      checks: own.map((check) => {
        const entry: RequirementResult["checks"][number] = {
          scenario: check.scenario,
          verdict: check.verdict,
          message: check.message,
          durationMs: Math.round(check.durationMs),
        };
        if (check.evidence) entry.evidence = check.evidence;
        return entry;
      }),
    };
    if (requirement.rationale) result.rationale = requirement.rationale;
    if (requirement.position) result.position = true;
    const unlock = own.find((check) => check.verdict === "not-tested" && check.unlock !== undefined)?.unlock;
    if (result.verdict === "not-tested" && unlock !== undefined) result.unlock = unlock;
    return result;
  });
}

export function summarize(results: readonly RequirementResult[]): ConformanceReport["summary"] {
  const summary = { pass: 0, fail: 0, warn: 0, notApplicable: 0, notTested: 0 };
  for (const result of results) {
    if (result.verdict === "pass") summary.pass++;
    else if (result.verdict === "fail") summary.fail++;
    else if (result.verdict === "warn") summary.warn++;
    else if (result.verdict === "not-applicable") summary.notApplicable++;
    else summary.notTested++;
  }
  return summary;
}
