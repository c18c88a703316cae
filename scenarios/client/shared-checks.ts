/**
 * Check blocks that several client-mode scenarios record the same way. Each helper takes the
 * requirement from its caller, so the scenario still names what it judges; the helpers only
 * keep the wording of a recurring outcome the same everywhere.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { describeExit, succeeded, type ClientRun } from "./driver.js";

/**
 * The run never got as far as what the scenario exists to judge (the client did not cancel,
 * never reached the call, does not print what it was sent): the requirement is not tested, and
 * the message says why. The caller returns after it.
 */
export function checkNotExercised(context: ScenarioContext, requirement: RequirementId, why: string): void {
  context.check({ requirement, verdict: "not-tested", message: `not exercised: ${why}` });
}

/**
 * A turn the client must complete despite what the agent did to it (`what` says what, as in
 * "whose frames ended in CRLF"): it passes when the client exited by itself with code 0, and
 * says whether the client showed the agent's `text`; it fails with how the client ended.
 */
export function checkTurnCompleted(
  context: ScenarioContext,
  requirement: RequirementId,
  run: ClientRun,
  text: string,
  what: string,
): void {
  if (succeeded(run)) {
    context.check({
      requirement,
      verdict: "pass",
      message: `the client completed a turn ${what}${run.output.includes(text) ? " and showed the agent's text" : ""}`,
    });
    return;
  }
  context.check({
    requirement,
    verdict: "fail",
    message: `a turn ${what}: ${describeExit(run)}`,
    evidence: { stderrTail: run.stderrTail, timings: { durationMs: run.durationMs } },
  });
}
