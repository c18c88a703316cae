/**
 * --repeat's finding: the requirements whose verdict differed between runs of the same target.
 * A verdict that depends on when frames happened to arrive is a bug, in the kit or the target;
 * either way a CI gate on it is a coin toss, so a flip is reported with each run's deciding
 * message and makes the whole run unstable (judge-run.ts).
 */
import type { RequirementResult, VerdictFlip } from "../kit/report/report-types.js";

/** The message that decided a requirement's verdict in one run: its first check with that verdict. */
function decidingCheck(result: RequirementResult): VerdictFlip["runs"][number] {
  const checkVerdict = result.verdict === "warn" ? "fail" : result.verdict; // a should's failure is a warning
  const check = result.checks.find((each) => each.verdict === checkVerdict) ?? result.checks[0];
  return check
    ? { verdict: result.verdict, message: check.message, scenario: check.scenario }
    : { verdict: result.verdict, message: "no scenario exercised it in this run" };
}

/** Every requirement whose verdict is not the same in all `runs` (each run's judged requirements, in order). */
export function findVerdictFlips(runs: ReadonlyArray<readonly RequirementResult[]>): VerdictFlip[] {
  const [first, ...others] = runs;
  if (!first) return [];
  const flips: VerdictFlip[] = [];
  for (const result of first) {
    const sameInEach = others.map((run) => run.find((each) => each.id === result.id));
    if (sameInEach.every((each) => each?.verdict === result.verdict)) continue;
    flips.push({
      id: result.id,
      title: result.title,
      level: result.level,
      runs: [result, ...sameInEach].map((each) =>
        each ? decidingCheck(each) : { verdict: "not-tested", message: "not reported in this run" },
      ) as VerdictFlip["runs"],
    });
  }
  return flips;
}
