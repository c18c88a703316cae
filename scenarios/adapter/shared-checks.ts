/**
 * What several adapter scenarios check the same way: a scenario's own requirement is judged
 * only on a run the adapter finished by itself. When the kit had to kill it at --timeout, that
 * failure is adapter.timeouts.finishes-in-time's (a generic check), not the scenario's.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AdapterRun } from "./driver.js";

/**
 * Records `requirement` as not tested when the adapter did not finish within --timeout, and
 * returns whether it did: the scenario then stops without judging it.
 */
export function recordNotTestedUnlessFinished(
  context: ScenarioContext,
  run: AdapterRun,
  requirement: RequirementId,
): boolean {
  if (!run.timedOut) return false;
  context.check({
    requirement,
    verdict: "not-tested",
    message: "not exercised: the adapter did not finish (see adapter.timeouts.finishes-in-time)",
  });
  return true;
}
