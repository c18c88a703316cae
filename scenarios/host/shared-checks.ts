/**
 * What several host scenarios set up and check the same way. Every scenario's adapter first
 * starts a child in its own group and shows a control message; a requirement about how a
 * message is shown is judged only when the host showed that control message (otherwise the
 * failure is host.events.shows-messages', not theirs); and after a task that ended, nothing of
 * the adapter's group may be left.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { listSurvivors, survivorEvidence } from "../../kit/process/tree.js";
import type { AdapterAction } from "../../peers/script-types.js";
import { describeHostExit, shown, type HostRun } from "./driver.js";

/** The control message, and the adapter's child in its group. */
export function withControl(control: string, actions: AdapterAction[]): AdapterAction[] {
  return [{ spawn: { seconds: 120 } }, { message: { id: "control", text: control } }, ...actions];
}

/**
 * Records `requirement` as not tested when the host did not show even the control message,
 * and returns whether it did: the scenario then stops without judging it.
 */
export function recordNotTestedUnlessControlShown(
  context: ScenarioContext,
  run: HostRun,
  control: string,
  requirement: RequirementId,
): boolean {
  if (shown(run, control)) return false;
  context.check({
    requirement,
    verdict: "not-tested",
    message: `not judged: the host did not show even the control message (see host.events.shows-messages); ${describeHostExit(run)}`,
  });
  return true;
}

/** Nothing of the adapter's group (its scripted child included) is alive once the host is done. */
export function recordGroupGoneCheck(context: ScenarioContext, run: HostRun, after: string): void {
  if (run.timedOut) {
    context.check({
      requirement: "host.cleanup.adapter-group-gone",
      verdict: "not-tested",
      message: `not judged after ${after}: the host was still running at --host-timeout (the kit killed it)`,
    });
    return;
  }
  context.check(
    run.survivors.length === 0
      ? {
          requirement: "host.cleanup.adapter-group-gone",
          verdict: "pass",
          message: `after ${after}, nothing of the adapter's group was left`,
        }
      : {
          requirement: "host.cleanup.adapter-group-gone",
          verdict: "fail",
          message: `after ${after}, ${run.survivors.length} process(es) of the adapter's tree outlived the host: ${listSurvivors(run.survivors)}`,
          evidence: { processes: survivorEvidence(run.survivors) },
        },
  );
}
