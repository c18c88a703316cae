/**
 * timeouts: the host gives up on an adapter that never exits, fails the task and does not
 * leave the adapter's group behind.
 */
import type { Scenario } from "../../kit/scenario.js";
import { describeHostExit, failed, nonce, runHost } from "./driver.js";
import { recordEnvelopeCheck } from "./generic-checks.js";
import { recordGroupGoneCheck, withControl } from "./shared-checks.js";

export const hungAdapterScenario: Scenario = {
  id: "host.timeouts.hung-adapter",
  title: "an adapter that shows a message and never exits",
  mode: "host",
  requirements: ["host.timeouts.kills-hung-adapter", "host.cleanup.adapter-group-gone"],
  waitsOutDeadline: true,
  async run(context) {
    const run = await runHost(context, withControl(nonce("control"), [{ hang: true }]));
    recordEnvelopeCheck(context, run);
    context.check(
      failed(run)
        ? {
            requirement: "host.timeouts.kills-hung-adapter",
            verdict: "pass",
            message: `the host gave up after ${Math.round(run.durationMs / 1000)} s and failed the task`,
          }
        : {
            requirement: "host.timeouts.kills-hung-adapter",
            verdict: "fail",
            message: `the adapter never exits: ${run.timedOut ? `the host was still waiting at --host-timeout ${context.options.hostTimeoutMs} ms` : `${describeHostExit(run)}, as if the task had completed`}`,
          },
    );
    recordGroupGoneCheck(context, run, "a timed-out task");
  },
};
