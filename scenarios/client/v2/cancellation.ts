/**
 * cancellation (v2): the client cancels the turn while the agent's permission request is
 * pending (prompt-lifecycle.mdx#cancellation). It must answer that request with the cancelled
 * outcome; the agent then sends a tool call update and the idle state_update with `cancelled`,
 * which the client must take without a hang or a crash (v1's updates-after-cancel.ts).
 * A client cancels here on its test hook (ACP_CONFORMANCE_SCENARIO naming this scenario, as in
 * v1's client.permission.cancel-while-asking) or on --cancel-signal.
 */
import type { Scenario } from "../../../kit/scenario.js";
import type { PeerEvent } from "../../../peers/index.js";
import { signalWhen } from "../../harness/signal-when.js";
import { cancelWhileAskingTurn } from "../cancel-while-asking-turn.js";
import { describeExit, runClient } from "../driver.js";
import { recordUpdatesAfterCancel } from "../updates-after-cancel.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const requirement = "client.v2.cancellation.cancelled-permission";
export const CANCEL_WHILE_ASKING_V2 = "client.v2.cancellation.cancel-while-asking";

export const cancelWhileAskingV2Scenario: Scenario = {
  id: CANCEL_WHILE_ASKING_V2,
  title: "the client cancels the v2 turn while a permission request is pending",
  mode: "client",
  requirements: [requirement, "client.prompt.updates-after-cancel"],
  async run(context) {
    const cancelSignal = context.mode === "client" ? context.options.cancelSignal : undefined;
    let signalled = false;
    const asked = (event: PeerEvent) =>
      event.kind === "sent" && event.text.includes('"session/request_permission"');
    const run = await runClient(
      context,
      agentScriptV2(
        [
          // As in prompt-turn.ts: a client gone at the acknowledgment is never asked, rather than asked by chance.
          { delay: 2_000 },
          ...cancelWhileAskingTurn(),
        ],
        { cancel: { honour: false } },
      ),
      cancelSignal
        ? {
            async whileRunning(target, shim) {
              signalled = await signalWhen(
                target,
                shim,
                asked,
                cancelSignal,
                context.options.clientTimeoutMs / 2,
              );
            },
          }
        : {},
    );
    recordGenericClientV2Checks(context, run);
    // After the cancel the agent sends a tool_call_update, then idle cancelled (v1's check on v2's wire).
    recordUpdatesAfterCancel(context, run);
    const cancelAt = run.events.findIndex((event) => event.kind === "cancel");
    const answerAt = run.events.findIndex((event) => event.kind === "permission");
    if (cancelAt === -1 || (answerAt !== -1 && answerAt < cancelAt)) {
      context.check({
        requirement,
        verdict: "not-tested",
        message: `not exercised: the client did not cancel while the permission request was pending${signalled ? ` (after ${cancelSignal})` : ""}; ${describeExit(run)}`,
        unlock: `--cancel-signal SIGINT (or the signal the client cancels a turn on), or a test entry point that cancels when ACP_CONFORMANCE_SCENARIO is ${CANCEL_WHILE_ASKING_V2}`,
      });
      return;
    }
    const answer = run.events[answerAt];
    const outcome =
      answer?.kind === "permission" ? (answer.outcome as { outcome?: unknown } | undefined) : undefined;
    context.check(
      outcome?.outcome === "cancelled"
        ? {
            requirement,
            verdict: "pass",
            message: "after session/cancel the client answered the pending permission request with cancelled",
          }
        : {
            requirement,
            verdict: "fail",
            message:
              answer === undefined
                ? `after session/cancel the client never answered the pending permission request (${describeExit(run)})`
                : `after session/cancel the client answered the pending permission request with ${JSON.stringify(outcome)}, not cancelled`,
          },
    );
  },
};
