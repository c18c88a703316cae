/**
 * What the agent does with the answers an elicitation can get besides a happy accept: the kit
 * declines, cancels and fails (JSON-RPC error) one elicitation each, in three turns of one
 * session, then asks once more and accepts; and it holds one elicitation unanswered while it
 * cancels the turn, to see the agent's own $/cancel_request (which must name that request).
 */
import type { Scenario } from "../../kit/scenario.js";
import type { IncomingMessage, RequestOutcome } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { offerElicitation, paramsOf } from "./elicitation-support.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";
import type { ElicitationAnswer } from "./serve-elicitation.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const REFUSALS = ["decline", "cancel", "error"] as const satisfies readonly ElicitationAnswer[];

/**
 * What is wrong with how the turn ended after the kit's refusal, or undefined when it was handled:
 * a stop reason, and an error too (failing the originating operation is a way of handling it).
 */
function unhandled(outcome: RequestOutcome): string | undefined {
  return outcome.kind === "response" ? undefined : `the turn never ended (${describeOutcome(outcome)})`;
}

export const elicitationRefusedScenario: Scenario = {
  id: "agent.elicitation.refused",
  title: "asked to elicit in three turns of one session: the kit declines, cancels, then fails the request",
  mode: "agent",
  requirements: ["agent.capabilities.elicitation-failure-handled"],
  needs: ["elicit-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const served = offerElicitation(agent, { form: {}, url: {} });
    await agent.handshake();
    const sessionId = await agent.newSession();
    const prompt = context.options.prompts.elicitPrompt!;
    const handled: string[] = [];
    for (const answer of REFUSALS) {
      served.otherwise = answer;
      const asked = served.exchanges.length;
      const turn = await agent.prompt(sessionId, prompt);
      if (served.exchanges.length === asked) continue;
      const problem = unhandled(turn.outcome);
      if (problem) {
        context.check({
          requirement: "agent.capabilities.elicitation-failure-handled",
          verdict: "fail",
          message: `the kit answered the agent's elicitation with ${answer}; ${problem}`,
          evidence: {
            transcript: excerptBetween(agent.transcript, turn.request.seq, agent.transcript.nextSeq),
          },
        });
        return;
      }
      handled.push(`${answer}: ${describeOutcome(turn.outcome)}`);
    }
    if (handled.length === 0) {
      context.check({
        requirement: "agent.capabilities.elicitation-failure-handled",
        verdict: "not-applicable",
        message: "asked three times, the agent sent no elicitation/create",
      });
      return;
    }
    served.otherwise = "accept";
    const after = await agent.prompt(sessionId, prompt);
    if (after.outcome.kind !== "response") {
      context.check({
        requirement: "agent.capabilities.elicitation-failure-handled",
        verdict: "fail",
        message: `after the refused elicitations the agent stopped serving the session: the next prompt got ${describeOutcome(after.outcome)}`,
        evidence: { transcript: excerptAround(agent.transcript, after.request.seq) },
      });
      return;
    }
    context.check({
      requirement: "agent.capabilities.elicitation-failure-handled",
      verdict: "pass",
      message: `each refused elicitation ended its turn (${handled.join("; ")}), and the session went on serving`,
    });
  },
};

const sameId = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** True when the kit wrote a response to the agent's request `id` before transcript seq `seq`. */
function kitAnsweredBefore(agent: Pick<AgentUnderTest, "transcript">, id: unknown, seq: number): boolean {
  return agent.transcript.entries.some((entry) => {
    if (entry.seq >= seq || entry.direction !== "sent" || entry.text === undefined) return false;
    try {
      const frame = JSON.parse(entry.text) as Record<string, unknown>;
      return frame.method === undefined && ("result" in frame || "error" in frame) && sameId(frame.id, id);
    } catch {
      return false;
    }
  });
}

/** What is wrong with one $/cancel_request the agent sent, or undefined when it names a pending request of its own. */
export function staleCancel(
  agent: Pick<AgentUnderTest, "transcript" | "connection">,
  cancel: IncomingMessage,
): string | undefined {
  const requestId = paramsOf(cancel).requestId;
  const own = agent.connection.received.find(
    (incoming) =>
      incoming.seq < cancel.seq &&
      incoming.message.kind === "request" &&
      sameId(incoming.message.id, requestId),
  );
  if (!own) return `it named id ${JSON.stringify(requestId)}, which the agent never used for a request`;
  if (kitAnsweredBefore(agent, requestId, cancel.seq))
    return `it named id ${JSON.stringify(requestId)}, a request the kit had already answered`;
  return undefined;
}

export const elicitationCancelledTurnScenario: Scenario = {
  id: "agent.elicitation.cancelled-turn",
  title: "session/cancel while the kit holds the agent's elicitation unanswered",
  mode: "agent",
  requirements: ["agent.cancellation.cancel-request-names-pending"],
  needs: ["elicit-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const served = offerElicitation(agent, { form: {}, url: {} });
    served.otherwise = "hold";
    await agent.handshake();
    const sessionId = await agent.newSession();
    let sawAsk: () => void = () => {};
    const asked = new Promise<void>((resolve) => (sawAsk = resolve));
    const unsubscribe = agent.connection.onMessage((incoming) => {
      if (incoming.message.kind === "request" && incoming.message.method === "elicitation/create") sawAsk();
    });
    const turnPromise = agent.prompt(sessionId, context.options.prompts.elicitPrompt!);
    // The kit decides how long this turn lasts: it is not judged by --timeout.
    agent.ownDeadline.add(agent.connection.sent.at(-1)!);
    await Promise.race([asked, turnPromise]);
    unsubscribe();
    if (served.heldIds.length > 0) {
      await agent.connection.notify("session/cancel", { sessionId });
      // A $/cancel_request for the held request releases it (-32800); an agent may also not send one.
      const deadline = Date.now() + agent.answerWaitMs;
      while (served.heldIds.length > 0 && Date.now() < deadline) await sleep(20);
      served.releaseAll();
    }
    await turnPromise;
    await agent.settle();

    const cancels = agent.connection.received.filter(
      (incoming) =>
        incoming.message.kind === "notification" && incoming.message.method === "$/cancel_request",
    );
    const stale = cancels
      .map((cancel) => ({ cancel, problem: staleCancel(agent, cancel) }))
      .find((entry) => entry.problem);
    if (stale)
      context.check({
        requirement: "agent.cancellation.cancel-request-names-pending",
        verdict: "fail",
        message: `the agent sent $/cancel_request, but ${stale.problem}`,
        evidence: { transcript: excerptAround(agent.transcript, stale.cancel.seq) },
      });
    else
      context.check(
        cancels.length > 0
          ? {
              requirement: "agent.cancellation.cancel-request-names-pending",
              verdict: "pass",
              message: `each of the agent's ${cancels.length} $/cancel_request named one of its requests the kit had not answered yet`,
            }
          : {
              requirement: "agent.cancellation.cancel-request-names-pending",
              verdict: "not-applicable",
              message:
                served.exchanges.length > 0
                  ? "the agent sent no $/cancel_request for its pending elicitation when the turn was cancelled (that is allowed)"
                  : "the agent sent no elicitation/create, so the kit had nothing to hold while it cancelled the turn",
            },
      );
  },
};
