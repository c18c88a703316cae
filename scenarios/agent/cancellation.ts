/**
 * cancellation: session/cancel during a long turn. The turn must end with stopReason
 * cancelled (never an error), within --timeout, with nothing after the response and no reply
 * to the cancel itself. A turn that finished before the cancel was sent is reported as not
 * exercised: that is a race the kit lost, not a finding about the agent.
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";
import { checkUpdatesCarrySessionId } from "./prompt.js";

/** How long to wait for the first update before cancelling anyway. */
const FIRST_UPDATE_WAIT_MS = 1_000;

export const cancelDuringTurnScenario: Scenario = {
  id: "agent.cancellation.cancel-during-turn",
  title: "session/cancel during a long turn",
  mode: "agent",
  requirements: [
    "agent.cancellation.stop-reason-cancelled",
    "agent.cancellation.no-updates-after-response",
    "agent.cancellation.no-reply-to-cancel",
    "agent.timeouts.cancel-honoured",
  ],
  needs: ["cancel-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const { timeoutMs } = context.options;
    let firstUpdate: () => void = () => {};
    const sawUpdate = new Promise<void>((resolve) => (firstUpdate = resolve));
    // Wait for the cancelled response well past --timeout, so a slow cancel is still judged on its stop reason.
    const turnPromise = agent.prompt(sessionId, context.options.prompts.cancelPrompt!, {
      waitMs: timeoutMs * 2 + 5_000,
      onUpdate: () => firstUpdate(),
    });
    const request = agent.connection.sent.at(-1)!;
    agent.ownDeadline.add(request);
    await Promise.race([
      sawUpdate,
      new Promise((resolve) => setTimeout(resolve, FIRST_UPDATE_WAIT_MS)),
      turnPromise,
    ]);

    const finishedEarly = request.answeredAtMs !== undefined;
    const cancelSeq = agent.transcript.nextSeq;
    const cancelAtMs = agent.transcript.elapsedMs;
    if (!finishedEarly) await agent.connection.notify("session/cancel", { sessionId });
    const turn = await turnPromise;
    checkUpdatesCarrySessionId(agent, turn);

    if (finishedEarly) {
      const message = `not exercised: the turn ended (${describeOutcome(turn.outcome)}) before the cancel could be sent; use a --cancel-prompt that keeps the agent busy longer`;
      for (const requirement of cancelDuringTurnScenario.requirements)
        context.check({ requirement, verdict: "not-tested", message });
      return;
    }

    const { outcome } = turn;
    const stopReason =
      outcome.kind === "response" && !outcome.error
        ? (outcome.result as { stopReason?: unknown } | undefined)?.stopReason
        : undefined;
    if (stopReason === "cancelled") {
      context.check({
        requirement: "agent.cancellation.stop-reason-cancelled",
        verdict: "pass",
        message: "the cancelled turn ended with stopReason cancelled",
      });
    } else if (outcome.kind === "response") {
      context.check({
        requirement: "agent.cancellation.stop-reason-cancelled",
        verdict: "fail",
        message: `after session/cancel the turn must end with stopReason cancelled, not ${describeOutcome(outcome)}`,
        evidence: { transcript: excerptBetween(agent.transcript, cancelSeq - 2, turn.endSeq) },
      });
    }

    if (outcome.kind === "response" && outcome.response.atMs - cancelAtMs <= timeoutMs) {
      context.check({
        requirement: "agent.timeouts.cancel-honoured",
        verdict: "pass",
        message: `the turn ended ${Math.round(outcome.response.atMs - cancelAtMs)} ms after session/cancel`,
      });
    } else {
      const how =
        outcome.kind === "response"
          ? `only ${Math.round(outcome.response.atMs - cancelAtMs)} ms`
          : `not even ${Math.round(agent.transcript.elapsedMs - cancelAtMs)} ms`;
      context.check({
        requirement: "agent.timeouts.cancel-honoured",
        verdict: "fail",
        message: `the turn ended ${how} after session/cancel; --timeout is ${timeoutMs} ms`,
        evidence: { transcript: excerptAround(agent.transcript, cancelSeq), timings: { timeoutMs } },
      });
    }
    if (outcome.kind !== "response") return;

    const late = await agent.updatesAfter(turn.endSeq, sessionId);
    if (late.length > 0) {
      context.check({
        requirement: "agent.cancellation.no-updates-after-response",
        verdict: "fail",
        message: `${late.length} session/update notifications arrived after the cancelled turn's response`,
        evidence: { transcript: excerptBetween(agent.transcript, turn.endSeq, late.at(-1)!.seq) },
      });
    } else {
      context.check({
        requirement: "agent.cancellation.no-updates-after-response",
        verdict: "pass",
        message: "nothing for the session after the cancelled turn's response",
      });
    }

    // settle() in updatesAfter gave the agent time to (wrongly) reply to the cancel.
    const replies = agent.connection.received.filter(
      (incoming) =>
        incoming.seq > cancelSeq &&
        incoming.message.kind === "response" &&
        (incoming.message.id === null || !Object.hasOwn(incoming.value as object, "id")),
    );
    agent.connection.claimProblems(
      (problem) => problem.kind === "envelope" && replies.some((reply) => reply.seq === problem.seq),
    );
    if (replies.length > 0) {
      context.check({
        requirement: "agent.cancellation.no-reply-to-cancel",
        verdict: "fail",
        message: `the session/cancel notification got a reply: ${JSON.stringify(replies[0]!.value)}`,
        evidence: { transcript: excerptAround(agent.transcript, replies[0]!.seq) },
      });
    } else {
      context.check({
        requirement: "agent.cancellation.no-reply-to-cancel",
        verdict: "pass",
        message: "no reply to the session/cancel notification",
      });
    }
  },
};
