/**
 * cancellation in v2: session/cancel during a running turn must end it with an idle
 * `state_update` whose stop reason is `cancelled`, and the turn's output must all come before it.
 */
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { repliesWithoutId } from "./jsonrpc.js";
import { isState, isTurnOutput, updateOf } from "./turn-updates.js";

/** session/cancel is a notification (v1's requirement, the same in v2): nothing answers it, whatever the turn did. */
async function checkNoReplyToCancel(
  context: ScenarioContext,
  agent: AgentV2UnderTest,
  cancelSeq: number | undefined,
): Promise<void> {
  if (cancelSeq === undefined) {
    context.check({
      requirement: "agent.cancellation.no-reply-to-cancel",
      verdict: "not-tested",
      message: "the turn ended before the kit could send session/cancel",
    });
    return;
  }
  const reply = (await repliesWithoutId(agent, cancelSeq))[0];
  context.check(
    reply
      ? {
          requirement: "agent.cancellation.no-reply-to-cancel",
          verdict: "fail",
          message: `session/cancel, a notification, got a reply: ${JSON.stringify(reply.value)}`,
          evidence: { transcript: excerptAround(agent.transcript, reply.seq) },
        }
      : {
          requirement: "agent.cancellation.no-reply-to-cancel",
          verdict: "pass",
          message: "the session/cancel sent during the turn got no reply",
        },
  );
}

export const cancellationV2Scenario: Scenario = {
  id: "agent.v2.cancellation.cancel-turn",
  title: "session/cancel during a long v2 turn",
  mode: "agent",
  requirements: [
    "agent.v2.cancellation.idle-cancelled",
    "agent.v2.cancellation.updates-before-idle",
    "agent.cancellation.no-reply-to-cancel",
  ],
  async run(context) {
    const cancelPrompt = context.options.prompts.cancelPrompt;
    if (cancelPrompt === undefined) {
      for (const requirement of [
        "agent.v2.cancellation.idle-cancelled",
        "agent.v2.cancellation.updates-before-idle",
        "agent.cancellation.no-reply-to-cancel",
      ] as const)
        context.check({
          requirement,
          verdict: "not-tested",
          message:
            "no --cancel-prompt: the kit cannot start a turn long enough to cancel; give one that keeps the agent working",
        });
      return;
    }
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    let cancelSeq: number | undefined;
    const turn = await agent.prompt(sessionId, cancelPrompt, {
      whileRunning: async ({ request }) => {
        // Cancel once the turn is running (or, at the latest, once it has sent output).
        await agent.connection.waitFor((incoming) => isState(incoming, "running") || isTurnOutput(incoming), {
          timeoutMs: agent.turnWaitMs,
          fromSeq: request.seq,
        });
        cancelSeq = agent.transcript.nextSeq;
        await agent.connection.notify("session/cancel", { sessionId });
      },
    });
    await checkNoReplyToCancel(context, agent, cancelSeq);
    const stopReason = turn.idle ? updateOf(turn.idle).stopReason : undefined;
    context.check(
      stopReason === "cancelled"
        ? {
            requirement: "agent.v2.cancellation.idle-cancelled",
            verdict: "pass",
            message: "the cancelled turn ended with an idle state_update, stopReason cancelled",
          }
        : {
            requirement: "agent.v2.cancellation.idle-cancelled",
            verdict: "fail",
            message: turn.idle
              ? `the cancelled turn ended idle with stopReason ${JSON.stringify(stopReason)}, not cancelled`
              : "no idle state_update came after session/cancel within --timeout and its grace",
            evidence: { transcript: excerptAround(agent.transcript, turn.idle?.seq ?? turn.request.seq) },
          },
    );
    if (!turn.idle) {
      context.check({
        requirement: "agent.v2.cancellation.updates-before-idle",
        verdict: "not-tested",
        message: "the turn never went idle, so nothing came after idle to judge",
      });
      return;
    }
    const late = (await agent.updatesAfter(turn.idle.seq, sessionId)).find(isTurnOutput);
    context.check(
      late
        ? {
            requirement: "agent.v2.cancellation.updates-before-idle",
            verdict: "fail",
            message: `a ${String(updateOf(late).sessionUpdate)} update came after the idle state_update that reported the cancellation; the turn's updates must all come before it`,
            evidence: { transcript: excerptAround(agent.transcript, late.seq) },
          }
        : {
            requirement: "agent.v2.cancellation.updates-before-idle",
            verdict: "pass",
            message: "nothing of the turn came after the idle state_update that reported the cancellation",
          },
    );
  },
};
