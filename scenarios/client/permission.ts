/**
 * permission: how the client answers the agent's session/request_permission, and that it
 * answers a pending request with cancelled when it cancels the turn. What counts as a valid
 * answer lives here too, so the permission property judges it exactly as these scenarios do.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { PeerEvent } from "../../peers/observation-log.js";
import { signalWhen } from "../harness/signal-when.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { cancelWhileAskingTurn } from "./cancel-while-asking-turn.js";
import { describeExit, runClient } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { recordUpdatesAfterCancel } from "./updates-after-cancel.js";

/** The option ids the mock agent offers with every permission request (its default options). */
export const OFFERED_OPTION_IDS = ["allow", "reject"];

/** A valid answer to session/request_permission, as the mock agent recorded it: cancelled, or an offered option selected. */
export function isValidPermissionOutcome(outcome: unknown): boolean {
  const answer = outcome as { outcome?: unknown; optionId?: unknown } | undefined;
  return (
    answer?.outcome === "cancelled" ||
    (answer?.outcome === "selected" && OFFERED_OPTION_IDS.includes(String(answer.optionId)))
  );
}

export const permissionScenario: Scenario = {
  id: "client.permission.request",
  title: "the agent asks permission before a tool call",
  mode: "client",
  requirements: ["client.permission.valid-answer", "client.permission.policy"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        { toolCall: { toolCallId: "kit-tool", title: "Write kit.txt", kind: "edit", status: "pending" } },
        { requestPermission: { toolCallId: "kit-tool", title: "Write kit.txt", as: "write" } },
        {
          ifPermission: {
            as: "write",
            outcome: "allowed",
            then: [{ toolCallUpdate: { toolCallId: "kit-tool", status: "completed" } }],
            else: [{ toolCallUpdate: { toolCallId: "kit-tool", status: "failed" } }],
          },
        },
        { message: nonce("after-permission") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const answer = run.events.find((event) => event.kind === "permission");
    if (answer?.kind !== "permission") {
      context.check({
        requirement: "client.permission.valid-answer",
        verdict: "fail",
        message: `session/request_permission was never answered (${describeExit(run)})`,
      });
      return;
    }
    const outcome = answer.outcome as { outcome?: unknown; optionId?: unknown; error?: unknown } | undefined;
    const policy =
      outcome?.outcome === "cancelled"
        ? "cancelled"
        : outcome?.optionId === "allow"
          ? "granted"
          : outcome?.optionId === "reject"
            ? "rejected"
            : "answered with something else than an offered option";
    context.check({
      requirement: "client.permission.policy",
      verdict: "pass",
      message: `the client ${policy} the permission request`,
      evidence: { actual: outcome },
    });
    if (!isValidPermissionOutcome(outcome)) {
      context.check({
        requirement: "client.permission.valid-answer",
        verdict: "fail",
        message: `the answer must select an offered option (allow, reject) or be cancelled; it was ${JSON.stringify(outcome)}`,
      });
      return;
    }
    context.check({
      requirement: "client.permission.valid-answer",
      verdict: "pass",
      message: `answered ${JSON.stringify(outcome)}`,
    });
  },
};

/** The scenario id a client's test entry point looks for (in ACP_CONFORMANCE_SCENARIO) to cancel mid-request. */
export const CANCEL_WHILE_ASKING = "client.permission.cancel-while-asking";

export const cancelWhileAskingScenario: Scenario = {
  id: CANCEL_WHILE_ASKING,
  title: "the client cancels the turn while a permission request is pending",
  mode: "client",
  requirements: ["client.permission.cancelled-on-cancel", "client.prompt.updates-after-cancel"],
  async run(context) {
    // Without a test hook, the kit can play the user pressing Ctrl-C (--cancel-signal).
    const cancelSignal = context.mode === "client" ? context.options.cancelSignal : undefined;
    let signalled = false;
    const run = await runClient(
      context,
      agentScript(cancelWhileAskingTurn(), { cancel: { honour: false } }),
      cancelSignal
        ? {
            async whileRunning(target, shim) {
              // A moment after the request, as a person reading it would; to the client alone, so the agent lives on.
              const asked = (event: PeerEvent) =>
                event.kind === "sent" && event.text.includes('"session/request_permission"');
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
    recordGenericClientChecks(context, run);
    recordUpdatesAfterCancel(context, run);
    const cancelAt = run.events.findIndex((event) => event.kind === "cancel");
    const answerAt = run.events.findIndex((event) => event.kind === "permission");
    if (cancelAt === -1 || (answerAt !== -1 && answerAt < cancelAt)) {
      const tried = signalled
        ? `after ${cancelSignal} (--cancel-signal) the client did not cancel while the permission request was pending (${describeExit(run)})`
        : cancelSignal
          ? `the permission request was never pending long enough to send ${cancelSignal} (${describeExit(run)})`
          : "the client did not cancel while the permission request was pending";
      context.check({
        requirement: "client.permission.cancelled-on-cancel",
        verdict: "not-tested",
        message: `not exercised: ${tried}`,
        unlock: `--cancel-signal SIGINT (or the signal the client cancels a turn on), or a test entry point that cancels when ACP_CONFORMANCE_SCENARIO is ${CANCEL_WHILE_ASKING}`,
      });
      return;
    }
    const answer = run.events[answerAt];
    if (answerAt === -1 || answer?.kind !== "permission") {
      context.check({
        requirement: "client.permission.cancelled-on-cancel",
        verdict: "fail",
        message: `after cancelling the turn the client never answered the pending permission request (${describeExit(run)})`,
      });
      return;
    }
    const outcome = answer.outcome as { outcome?: unknown } | undefined;
    if (outcome?.outcome === "cancelled") {
      context.check({
        requirement: "client.permission.cancelled-on-cancel",
        verdict: "pass",
        message:
          "after cancelling the turn the client answered the pending permission request with cancelled",
      });
      return;
    }
    context.check({
      requirement: "client.permission.cancelled-on-cancel",
      verdict: "fail",
      message: `after cancelling the turn the client answered the pending permission request with ${JSON.stringify(outcome)}, not cancelled`,
    });
  },
};
