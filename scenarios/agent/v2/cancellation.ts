/**
 * cancellation in v2: session/cancel during a running turn must end it with an idle
 * `state_update` whose stop reason is `cancelled`, and the turn's output must all come before it.
 */
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { repliesWithoutId } from "./jsonrpc.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { isState, isTurnOutput, updateOf, type V2Turn } from "./turn-updates.js";

/** The statuses of a tool call that ran. */
const RAN = new Set(["in_progress", "completed"]);

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

/**
 * session/cancel stops the agent's tool calls as soon as possible (prompt-lifecycle.mdx#cancellation):
 * a tool call that first appears after the cancel and runs (in_progress or completed) is new work.
 */
function checkNoNewTools(agent: AgentV2UnderTest, turn: V2Turn, cancelSeq: number | undefined): void {
  const requirement = "agent.v2.cancellation.no-tools-started-after-cancel";
  if (cancelSeq === undefined || !turn.idle) {
    agent.context.check({
      requirement,
      verdict: "not-tested",
      message:
        cancelSeq === undefined
          ? "the turn ended before the kit could send session/cancel"
          : "the turn never went idle, so the work done for it after the cancel is not known whole",
    });
    return;
  }
  const toolId = (incoming: IncomingMessage) => {
    const update = updateOf(incoming);
    return update.sessionUpdate === "tool_call_update" ? update.toolCallId : undefined;
  };
  const before = new Set(turn.updates.filter((incoming) => incoming.seq < cancelSeq).map(toolId));
  const started = turn.updates.find(
    (incoming) =>
      incoming.seq > cancelSeq &&
      toolId(incoming) !== undefined &&
      !before.has(toolId(incoming)) &&
      RAN.has(String(updateOf(incoming).status)),
  );
  agent.context.check(
    started
      ? {
          requirement,
          verdict: "fail",
          message: `after session/cancel the agent started tool call ${String(toolId(started))} (reported ${String(updateOf(started).status)}) before reporting the turn cancelled; a cancel stops tool invocations`,
          evidence: { transcript: excerptAround(agent.transcript, started.seq) },
        }
      : {
          requirement,
          verdict: "pass",
          message: "no tool call the turn had not started before session/cancel ran after it",
        },
  );
}

/** After the cancelled turn's idle the session is ready for a new prompt (prompt-lifecycle.mdx#session-states). */
async function checkNextPrompt(agent: AgentV2UnderTest, sessionId: string, cancelled: V2Turn): Promise<void> {
  const requirement = "agent.v2.prompt.next-prompt-after-idle";
  if (!cancelled.idle) {
    agent.context.check({
      requirement,
      verdict: "not-tested",
      message:
        "the cancelled turn never went idle, so the session never said it was ready for another prompt",
    });
    return;
  }
  const next = await agent.prompt(sessionId, agent.options.prompts.prompt ?? "Say hello.");
  const refused = next.ack.kind !== "response" || next.ack.error !== undefined;
  agent.context.check(
    refused || !next.idle
      ? {
          requirement,
          verdict: "fail",
          message: refused
            ? `after the cancelled turn went idle, the next session/prompt in the session got ${describeOutcome(next.ack)}; idle means ready for a new prompt`
            : "after the cancelled turn went idle, the next prompt was acknowledged but its turn never reached idle",
          evidence: { transcript: excerptAround(agent.transcript, next.request.seq) },
        }
      : {
          requirement,
          verdict: "pass",
          message:
            "after the cancelled turn went idle, the next prompt in the session was accepted and ran to idle",
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
    "agent.v2.prompt.next-prompt-after-idle",
    "agent.v2.cancellation.no-tools-started-after-cancel",
  ],
  async run(context) {
    const cancelPrompt = context.options.prompts.cancelPrompt;
    if (cancelPrompt === undefined) {
      for (const requirement of [
        "agent.v2.cancellation.idle-cancelled",
        "agent.v2.cancellation.updates-before-idle",
        "agent.cancellation.no-reply-to-cancel",
        "agent.v2.prompt.next-prompt-after-idle",
        "agent.v2.cancellation.no-tools-started-after-cancel",
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
    checkNoNewTools(agent, turn, cancelSeq);
    if (!turn.idle) {
      context.check({
        requirement: "agent.v2.cancellation.updates-before-idle",
        verdict: "not-tested",
        message: "the turn never went idle, so nothing came after idle to judge",
      });
      await checkNextPrompt(agent, sessionId, turn);
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
    // Only now: the next turn's output would otherwise read as the cancelled turn's, late.
    await checkNextPrompt(agent, sessionId, turn);
  },
};
