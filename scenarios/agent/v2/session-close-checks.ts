/**
 * session/close in v2 (session-setup.mdx#closing-active-sessions): closing a session whose turn
 * is running cancels the work as session/cancel would (the turn ends idle with `cancelled`, or
 * ends silently, and nothing follows), and a closed session takes no more prompts. The running
 * turn is the --cancel-prompt's; without one the kit closes an idle session and judges only the
 * refusal.
 */
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptBetween } from "../evidence.js";
import { isSessionUpdate, updateSessionId } from "../session-updates.js";
import type { AgentV2UnderTest } from "./driver.js";
import { expectPromptRefused } from "./session-support.js";
import { isIdle, isState, isTurnOutput, updateOf } from "./turn-updates.js";

const CLOSE_CANCELS = "agent.v2.session-matching.close-cancels-turn";

/** Starts the long turn and waits until it runs; undefined when there is no --cancel-prompt. */
async function startLongTurn(agent: AgentV2UnderTest, sessionId: string) {
  const text = agent.context.options.prompts.cancelPrompt;
  if (text === undefined) return undefined;
  const ofSession = (incoming: IncomingMessage) =>
    isSessionUpdate(incoming) && updateSessionId(incoming) === sessionId;
  const pending = agent.connection.request(
    "session/prompt",
    { sessionId, prompt: [{ type: "text", text }] },
    { waitMs: agent.turnWaitMs },
  );
  const request = agent.connection.sent.at(-1)!;
  await agent.connection.waitFor(
    (incoming) => ofSession(incoming) && (isState(incoming, "running") || isTurnOutput(incoming)),
    { timeoutMs: agent.turnWaitMs, fromSeq: request.seq },
  );
  return { pending, ofSession };
}

export async function checkClose(agent: AgentV2UnderTest, sessionId: string): Promise<void> {
  const { context } = agent;
  const turn = await startLongTurn(agent, sessionId);
  const close = await agent.request("session/close", { sessionId });
  if (close.kind !== "response" || close.error) {
    const message = `session/close did not succeed (${describeOutcome(close)}), so no session was closed`;
    context.check({ requirement: CLOSE_CANCELS, verdict: "not-tested", message });
    context.check({
      requirement: "agent.session-matching.closed-session-rejects-prompts",
      verdict: "not-tested",
      message,
    });
    return;
  }
  if (!turn)
    context.check({
      requirement: CLOSE_CANCELS,
      verdict: "not-tested",
      message:
        "no --cancel-prompt: the kit had no turn long enough to close under; give one that keeps the agent working",
    });
  else {
    await turn.pending;
    const idle = await agent.connection.waitFor((incoming) => turn.ofSession(incoming) && isIdle(incoming), {
      timeoutMs: agent.answerWaitMs,
      fromSeq: close.request.seq,
    });
    await agent.settle();
    const endSeq = idle?.seq ?? close.response.seq;
    const after = agent.connection.received.filter(
      (incoming) => incoming.seq > endSeq && turn.ofSession(incoming) && isTurnOutput(incoming),
    );
    const stopReason = idle ? updateOf(idle).stopReason : undefined;
    const problem =
      idle && stopReason !== "cancelled"
        ? `the closed session's turn ended with stopReason ${JSON.stringify(stopReason)}, not cancelled as session/cancel would end it`
        : after.length > 0
          ? `${after.length} update(s) of the turn came after ${idle ? "its idle state_update" : "the session/close answer"}: the work was not cancelled`
          : undefined;
    context.check(
      problem
        ? {
            requirement: CLOSE_CANCELS,
            verdict: "fail",
            message: `session/close must cancel the session's running work: ${problem}`,
            evidence: {
              transcript: excerptBetween(agent.transcript, close.request.seq, agent.transcript.nextSeq),
            },
          }
        : {
            requirement: CLOSE_CANCELS,
            verdict: "pass",
            message: idle
              ? "closing the session ended its running turn idle with cancelled, and nothing followed"
              : "closing the session stopped its running turn: nothing of it followed the answer",
          },
    );
  }
  await expectPromptRefused(
    agent,
    "agent.session-matching.closed-session-rejects-prompts",
    sessionId,
    "a session closed with session/close",
  );
}
