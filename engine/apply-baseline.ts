/** What a --baseline file does to a judged run: covered failures, and stale entries. */
import { type Baseline, type BaselineOutcome, needsBaseline } from "../kit/baseline-file.js";
import type { RequirementResult } from "../kit/report/report-types.js";

/**
 * Marks the failures the baseline covers (`baselined`), and finds its stale entries: a
 * requirement that passed, or a scenario that ran and failed nothing. An entry whose
 * requirement or scenario was not run (--only, --area) is neither.
 */
export function applyBaseline(
  results: RequirementResult[],
  baseline: Baseline,
  scenariosRun: ReadonlySet<string>,
): BaselineOutcome {
  const listed = new Map(baseline.entries.map((entry) => [entry.id, entry]));
  const used = new Set<string>();
  for (const result of results) {
    if (!needsBaseline(result)) continue;
    const failingScenarios = result.checks
      .filter((check) => check.verdict === "fail" || check.verdict === "not-tested")
      .map((check) => check.scenario);
    const covering = [result.id, ...failingScenarios].filter((id) => listed.has(id));
    if (covering.length === 0) continue;
    result.baselined = true;
    for (const id of covering) used.add(id);
  }
  const stale: BaselineOutcome["stale"] = [];
  for (const entry of baseline.entries) {
    if (used.has(entry.id)) continue;
    const requirement = results.find((result) => result.id === entry.id);
    const tested = requirement
      ? requirement.verdict === "pass" || requirement.verdict === "not-applicable"
      : scenariosRun.has(entry.id);
    if (tested) stale.push({ id: entry.id, line: entry.line });
  }
  return {
    file: baseline.file,
    expected: results.filter((result) => result.baselined).map((result) => result.id),
    stale,
  };
}
