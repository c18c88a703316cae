/**
 * Agent mode, prompt turns as properties: any legal prompt content gets exactly one terminal
 * response, and a cancel landing at any point of a turn gives cancelled or a completed turn,
 * never both and never a hang.
 */
import fc from "fast-check";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { sameId } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { updateSessionId } from "./session-updates.js";
import { describeOutcome, excerptBetween } from "./evidence.js";
import { cancelPoints, textContents } from "../properties/arbitraries.js";
import { definePropertyScenario } from "../properties/property-scenario.js";

/** The stop reasons of ACP v1 (schema StopReason). */
const STOP_REASONS = new Set(["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]);

/** Responses the agent sent to one request id, in order. */
function responsesTo(agent: AgentUnderTest, id: unknown): IncomingMessage[] {
  return agent.connection.received.filter(
    (incoming) => incoming.message.kind === "response" && sameId(incoming.message.id, id as never),
  );
}

function stopReasonOf(response: IncomingMessage): string {
  if (response.message.kind !== "response") return "?";
  if (response.message.error) return `error ${response.message.error.code}`;
  const reason = (response.message.result as { stopReason?: unknown } | undefined)?.stopReason;
  return typeof reason === "string" ? reason : `a result without stopReason`;
}

export const agentPromptContentProperty = definePropertyScenario<null, string[]>({
  id: "agent.property.prompt-content",
  title:
    "a prompt with generated text blocks (unicode, escapes, line breaks, long runs) gets exactly one terminal response",
  mode: "agent",
  requirements: ["agent.prompt.answered-with-stop-reason"],
  needs: ["prompt"],
  setup: async () => null,
  arbitrary: () => fc.array(textContents({ maxLength: 8192 }), { minLength: 1, maxLength: 3 }),
  async runCase(context, _setup, texts) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const blocks = [context.options.prompts.prompt!, ...texts].map((text) => ({ type: "text", text }));
    const turn = await agent.prompt(sessionId, blocks);
    if (turn.outcome.kind !== "response")
      return {
        message: `the prompt got no response: ${describeOutcome(turn.outcome)}`,
        details: { transcript: excerptBetween(agent.transcript, turn.request.seq, turn.endSeq) },
      };
    // Anything the agent still had to say about this request arrives before the answer to a later probe.
    await agent.settle();
    const responses = responsesTo(agent, turn.request.id);
    const reasons = responses.map(stopReasonOf);
    if (responses.length > 1)
      return {
        message: `the prompt got ${responses.length} responses (${reasons.join(", ")})`,
        details: { transcript: excerptBetween(agent.transcript, turn.request.seq, agent.transcript.nextSeq) },
      };
    if (turn.outcome.error)
      return {
        message: `the prompt was answered with error ${turn.outcome.error.code} (${turn.outcome.error.message}), not a stopReason`,
        details: { error: turn.outcome.error },
      };
    if (!STOP_REASONS.has(reasons[0]!))
      return {
        message: `the prompt's response carried ${reasons[0]}, not one of ${[...STOP_REASONS].join(", ")}`,
      };
    return undefined;
  },
  describe: (_setup, texts) => ({
    extraTextBlocks: texts.map((text) =>
      text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text,
    ),
  }),
});

export const agentCancelAnywhereProperty = definePropertyScenario<null, { afterUpdates: number }>({
  id: "agent.property.cancel-anywhere",
  title:
    "session/cancel after any number of a long turn's updates ends the turn exactly once: cancelled, or completed before the cancel",
  mode: "agent",
  requirements: ["agent.jsonrpc.one-response-per-request", "agent.timeouts.cancel-honoured"],
  needs: ["cancel-prompt"],
  setup: async () => null,
  arbitrary: () => cancelPoints({ maxUpdates: 6 }),
  async runCase(context, _setup, { afterUpdates }) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const { timeoutMs } = context.options;
    let seen = 0;
    let reached: () => void = () => {};
    const reachedPoint = new Promise<void>((resolve) => (reached = resolve));
    if (afterUpdates === 0) reached();
    const turnPromise = agent.prompt(sessionId, context.options.prompts.cancelPrompt!, {
      waitMs: timeoutMs * 2 + 5_000,
      onUpdate: (update) => {
        if (updateSessionId(update) === sessionId && ++seen === afterUpdates) reached();
      },
    });
    const request = agent.connection.sent.at(-1)!;
    await Promise.race([reachedPoint, turnPromise]);
    const cancelSeq = agent.transcript.nextSeq;
    const cancelled = request.answeredAtMs === undefined;
    if (cancelled) await agent.connection.notify("session/cancel", { sessionId });
    const turn = await turnPromise;
    const evidence = () => ({
      cancelSent: cancelled,
      updatesBeforeCancel: seen,
      transcript: excerptBetween(agent.transcript, request.seq, agent.transcript.nextSeq, 16),
    });
    if (turn.outcome.kind !== "response") {
      return {
        requirement: "agent.timeouts.cancel-honoured",
        message: `after session/cancel following ${seen} update(s) the turn never ended: ${describeOutcome(turn.outcome)}`,
        details: evidence(),
      };
    }
    await agent.settle();
    const reasons = responsesTo(agent, request.id).map(stopReasonOf);
    if (reasons.length > 1) {
      return {
        requirement: "agent.jsonrpc.one-response-per-request",
        message: `a cancel after ${seen} update(s) ended the turn ${reasons.length} times: ${reasons.join(", then ")}`,
        details: { ...evidence(), cancelSeq },
      };
    }
    return undefined;
  },
  describe: (_setup, point) => point,
});
