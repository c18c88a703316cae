/**
 * cleanup: a runtime cancelled by SIGTERM or SIGINT while its agent runs ends the run with an
 * error event and leaves nothing of the agent's tree. (Whether the tree is gone after the
 * other runs is recorded by the scenarios that start a child: shared-checks.ts.)
 */
import type { Scenario } from "../../kit/scenario.js";
import type { PeerEvent } from "../../peers/observation-log.js";
import { signalWhen } from "../harness/signal-when.js";
import { describeRuntimeRun, failedWithError, nonce, runRuntime, SPAWN_LONG_LIVED_CHILD } from "./driver.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";

export const cancelScenario: Scenario = {
  id: "runtime.cleanup.cancel",
  title: "SIGTERM, then in a second run SIGINT, to the runtime while the agent runs",
  mode: "runtime",
  requirements: ["runtime.cleanup.cancel-by-signal"],
  async run(context) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      let signalled = false;
      const run = await runRuntime(
        context,
        [SPAWN_LONG_LIVED_CHILD, { message: { text: nonce("working") } }, { hang: true }],
        {
          // Signal once the agent has its envelope (and 300 ms more), so there is a task to cancel.
          async whileRunning(target, shim) {
            const enveloped = (event: PeerEvent) => event.kind === "envelope";
            signalled = await signalWhen(target, shim, enveloped, signal, context.options.hostTimeoutMs / 2);
          },
        },
      );
      recordGenericRuntimeChecks(context, run);
      if (!signalled)
        return context.check({
          requirement: "runtime.cleanup.cancel-by-signal",
          verdict: "not-tested",
          message: `not exercised: the agent never started, so there was nothing to cancel; ${describeRuntimeRun(run)}`,
        });
      if (!failedWithError(run) || run.survivors.length > 0) {
        return context.check({
          requirement: "runtime.cleanup.cancel-by-signal",
          verdict: "fail",
          message: `after ${signal}: ${describeRuntimeRun(run)}${run.survivors.length > 0 ? `; ${run.survivors.length} process(es) of the agent's tree were left` : ""}`,
        });
      }
    }
    context.check({
      requirement: "runtime.cleanup.cancel-by-signal",
      verdict: "pass",
      message: "after SIGTERM and after SIGINT: an error event, a nonzero exit, and the agent's tree gone",
    });
  },
};
