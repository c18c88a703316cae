/**
 * timeouts: the request's timeoutMs is enforced: a hung agent is stopped, with an error event
 * and its whole tree gone, soon after the timeout.
 */
import type { Scenario } from "../../kit/scenario.js";
import { describeRuntimeRun, failedWithError, nonce, runRuntime, SPAWN_LONG_LIVED_CHILD } from "./driver.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";
import { recordNoDescendantsCheck } from "./shared-checks.js";

export const timeoutScenario: Scenario = {
  id: "runtime.timeouts.hung-agent",
  title: "timeoutMs 1500 and an agent that never exits",
  mode: "runtime",
  requirements: ["runtime.timeouts.enforced", "runtime.cleanup.no-descendants"],
  async run(context) {
    const run = await runRuntime(
      context,
      [SPAWN_LONG_LIVED_CHILD, { message: { text: nonce("working") } }, { hang: true }],
      { request: (request) => ({ ...request, timeoutMs: 1_500 }) },
    );
    recordGenericRuntimeChecks(context, run);
    const stopped = failedWithError(run) && run.survivors.length === 0;
    context.check(
      stopped
        ? {
            requirement: "runtime.timeouts.enforced",
            verdict: "pass",
            message: `the run ended with an error event after ${Math.round(run.durationMs / 100) / 10} s and the agent's tree was gone`,
          }
        : {
            requirement: "runtime.timeouts.enforced",
            verdict: "fail",
            message: `with timeoutMs 1500 and a hung agent: ${describeRuntimeRun(run)}${run.survivors.length > 0 ? `; ${run.survivors.length} process(es) of the agent's tree were left` : ""}`,
          },
    );
    recordNoDescendantsCheck(context, run, "a timed-out run");
  },
};
