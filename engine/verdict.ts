/**
 * From checks to verdicts (ARCHITECTURE §5).
 *
 * Per requirement: any fail → fail (a `should` fail is reported as `warn` unless --strict);
 * else any pass → pass; else gated off → not-applicable; else not-tested.
 * Per run: conformant iff no `must` requirement is fail or not-tested (after the baseline);
 * blocked when a scenario could not go on without something only the user can supply.
 */
import type { Requirement } from "../kit/requirements/index.js";
import type { RecordedCheck } from "../kit/scenario.js";
import type { RequirementVerdict, ConformanceReport, RequirementResult } from "../kit/report/report-types.js";

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

export function runVerdict(
  results: readonly RequirementResult[],
  blockedReason: string | undefined,
): ConformanceReport["verdict"] {
  if (blockedReason !== undefined) return "blocked";
  const failing = results.some(
    (result) =>
      !result.baselined &&
      (result.verdict === "fail" || (result.level === "must" && result.verdict === "not-tested")),
  );
  return failing ? "not-conformant" : "conformant";
}
