/**
 * cleanup: a host that is cancelled (SIGTERM) while its adapter runs takes the adapter's whole
 * group down with it. (That the group is gone after a task that ended by itself is checked by
 * the scenarios that end one, through shared-checks.ts.)
 */
import type { Scenario } from "../../kit/scenario.js";
import { listSurvivors, survivorEvidence } from "../../kit/process/tree.js";
import type { PeerEvent } from "../../peers/observation-log.js";
import { signalWhen } from "../harness/signal-when.js";
import { describeHostExit, nonce, runHost } from "./driver.js";
import { recordEnvelopeCheck } from "./generic-checks.js";
import { withControl } from "./shared-checks.js";

export const cancelScenario: Scenario = {
  id: "host.cleanup.cancel",
  title: "SIGTERM to the host while the adapter runs",
  mode: "host",
  requirements: ["host.cleanup.cancel-stops-adapter"],
  async run(context) {
    let signalled = false;
    const run = await runHost(context, withControl(nonce("control"), [{ hang: true }]), {
      async whileRunning(target, shim) {
        const enveloped = (event: PeerEvent) => event.kind === "envelope";
        signalled = await signalWhen(target, shim, enveloped, "SIGTERM", context.options.hostTimeoutMs / 2);
      },
    });
    recordEnvelopeCheck(context, run);
    if (!signalled)
      return context.check({
        requirement: "host.cleanup.cancel-stops-adapter",
        verdict: "not-tested",
        message: `not exercised: the adapter never got its envelope, so there was nothing to cancel; ${describeHostExit(run)}`,
      });
    if (run.timedOut)
      return context.check({
        requirement: "host.cleanup.cancel-stops-adapter",
        verdict: "fail",
        message: `after SIGTERM the host was still running at --host-timeout ${context.options.hostTimeoutMs} ms`,
      });
    context.check(
      run.survivors.length === 0
        ? {
            requirement: "host.cleanup.cancel-stops-adapter",
            verdict: "pass",
            message: `after SIGTERM the host exited (${describeHostExit(run)}) and nothing of the adapter's group was left`,
          }
        : {
            requirement: "host.cleanup.cancel-stops-adapter",
            verdict: "fail",
            message: `after SIGTERM the host exited, but ${run.survivors.length} process(es) of the adapter's tree outlived it: ${listSurvivors(run.survivors)}`,
            evidence: { processes: survivorEvidence(run.survivors) },
          },
    );
  },
};
