/**
 * Check blocks that several client-mode scenarios record the same way. Each helper takes the
 * requirement from its caller, so the scenario still names what it judges; the helpers only
 * keep the wording of a recurring outcome the same everywhere.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";

/**
 * The run never got as far as what the scenario exists to judge (the client did not cancel,
 * never reached the call, does not print what it was sent): the requirement is not tested, and
 * the message says why. The caller returns after it.
 */
export function checkNotExercised(context: ScenarioContext, requirement: RequirementId, why: string): void {
  context.check({ requirement, verdict: "not-tested", message: `not exercised: ${why}` });
}
