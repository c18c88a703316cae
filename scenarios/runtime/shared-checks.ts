/**
 * Check blocks that several runtime scenarios record the same way: a request that must be
 * refused before any agent starts, a run that must end with an error event, and nothing of the
 * agent's tree outliving the run. Each takes the requirement it judges from its caller.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { listSurvivors, survivorEvidence } from "../../kit/process/tree.js";
import { describeRuntimeRun, failedWithError, type RuntimeRun } from "./driver.js";

/**
 * A run that must end in an error event, a nonzero exit, and no agent started: records the
 * failure and returns false when it did not; returns true (and records nothing) when it did,
 * so the caller records its own pass once every run it makes was refused.
 */
export function recordRefusal(
  context: ScenarioContext,
  requirement: RequirementId,
  what: string,
  run: RuntimeRun,
): boolean {
  if (failedWithError(run) && !run.agentStarted) return true;
  const why = run.agentStarted
    ? `the agent was started (${describeRuntimeRun(run)})`
    : describeRuntimeRun(run);
  context.check({
    requirement,
    verdict: "fail",
    message: `${what} must be refused with an error event and a nonzero exit before any agent starts; ${why}`,
    evidence: { stderrTail: run.stderrTail },
  });
  return false;
}

/**
 * A run that must end with an error event and a nonzero exit: passes when it did; otherwise
 * fails with `expectation` (what should have happened) and how the run did end.
 */
export function recordEndsWithErrorEvent(
  context: ScenarioContext,
  requirement: RequirementId,
  expectation: string,
  run: RuntimeRun,
): void {
  context.check(
    failedWithError(run)
      ? { requirement, verdict: "pass", message: "the run ended with an error event and a nonzero exit" }
      : { requirement, verdict: "fail", message: `${expectation}; ${describeRuntimeRun(run)}` },
  );
}

/** Nothing of the agent's tree outlived the runtime; not judged when the kit had to kill the runtime. */
export function recordNoDescendantsCheck(context: ScenarioContext, run: RuntimeRun, after: string): void {
  if (run.timedOut) {
    context.check({
      requirement: "runtime.cleanup.no-descendants",
      verdict: "not-tested",
      message: `not judged after ${after}: the runtime was still running at --host-timeout (the kit killed it)`,
    });
    return;
  }
  context.check(
    run.survivors.length === 0
      ? {
          requirement: "runtime.cleanup.no-descendants",
          verdict: "pass",
          message: `after ${after}, nothing of the agent's tree was left`,
        }
      : {
          requirement: "runtime.cleanup.no-descendants",
          verdict: "fail",
          message: `after ${after}, ${run.survivors.length} process(es) of the agent's tree outlived the runtime: ${listSurvivors(run.survivors)}`,
          evidence: { processes: survivorEvidence(run.survivors) },
        },
  );
}
