/**
 * Rules of a turn's update stream and response judged over every turn of every scenario
 * (recorded with the generic checks): message ids that keep one message together, cost
 * currencies, and stopReason cancelled only for turns the kit cancelled. Each passes only on
 * evidence the scenario saw; without any it is not applicable in a scenario that ran a turn.
 */
import type { AgentRunRecord } from "./agent-run-record.js";
import { excerptAround } from "./evidence.js";
import { isSessionUpdate } from "./session-updates.js";
import { sentFrames, turnUpdates, turnWindows } from "./turn-windows.js";

const CHUNK_KINDS = new Set(["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]);
/** What the kit sends that ends a turn early: each names the session, or the prompt request. */
const CANCELLING_METHODS = ["session/cancel", "session/close", "$/cancel_request"] as const;

export function recordUpdateStreamChecks(agent: AgentRunRecord): void {
  const { context, transcript } = agent;
  const windows = turnWindows(agent);

  // messageId: per session and chunk kind, the id in use and the ids of messages already over.
  const current = new Map<string, unknown>();
  const over = new Map<string, Set<unknown>>();
  let chunksWithIds = 0;
  let reused: { messageId: unknown; seq: number } | undefined;
  for (const { body, sessionId, incoming } of turnUpdates(agent, windows)) {
    const kind = String(body.sessionUpdate);
    if (!CHUNK_KINDS.has(kind) || body.messageId === undefined || body.messageId === null) continue;
    chunksWithIds += 1;
    const stream = `${sessionId}\u0000${kind}`;
    const ended = over.get(stream) ?? new Set<unknown>();
    over.set(stream, ended);
    if (current.has(stream) && current.get(stream) === body.messageId) continue;
    if (ended.has(body.messageId)) reused ??= { messageId: body.messageId, seq: incoming.seq };
    if (current.has(stream)) ended.add(current.get(stream));
    current.set(stream, body.messageId);
  }
  if (reused)
    context.check({
      requirement: "agent.prompt.message-ids-consistent",
      verdict: "fail",
      message: `a chunk came with messageId ${JSON.stringify(reused.messageId)} after another message's id was used in between; a changed messageId starts a new message, so the id of one that ended must not come back`,
      evidence: { transcript: excerptAround(transcript, reused.seq) },
    });
  else if (chunksWithIds > 0)
    context.check({
      requirement: "agent.prompt.message-ids-consistent",
      verdict: "pass",
      message: `${chunksWithIds} message chunk(s) with a messageId in prompt turns; no id came back after another`,
    });
  else if (agent.turnsRun > 0)
    context.check({
      requirement: "agent.prompt.message-ids-consistent",
      verdict: "not-applicable",
      message: "the agent put no messageId on the chunks of this scenario's turns",
    });

  const costs = agent.connection.received.flatMap((incoming) => {
    if (!isSessionUpdate(incoming)) return [];
    const update = (incoming.message as { params?: { update?: { sessionUpdate?: unknown; cost?: unknown } } })
      .params?.update;
    const currency = (update?.cost as { currency?: unknown } | null | undefined)?.currency;
    return update?.sessionUpdate === "usage_update" && typeof currency === "string"
      ? [{ currency, seq: incoming.seq }]
      : [];
  });
  // Three letters in the wrong case is an ISO 4217 code miswritten; no letter at all is a symbol.
  const wrong = costs.find(
    ({ currency }) =>
      (/^[A-Za-z]{3}$/.test(currency) && currency !== currency.toUpperCase()) || !/[A-Za-z]/.test(currency),
  );
  if (wrong)
    context.check({
      requirement: "agent.prompt.usage-currency-code",
      verdict: "fail",
      message: `a usage_update cost named currency ${JSON.stringify(wrong.currency)}; money is named by its upper-case ISO 4217 code (such as "USD")`,
      evidence: { transcript: excerptAround(transcript, wrong.seq) },
    });
  else if (costs.length > 0)
    context.check({
      requirement: "agent.prompt.usage-currency-code",
      verdict: "pass",
      message: `${costs.length} usage cost(s), each in an upper-case ISO 4217 code or a named unit (${[...new Set(costs.map((cost) => cost.currency))].join(", ")})`,
    });
  else if (agent.turnsRun > 0)
    context.check({
      requirement: "agent.prompt.usage-currency-code",
      verdict: "not-applicable",
      message: "the agent reported no usage cost in this scenario",
    });

  const cancels = sentFrames(agent, CANCELLING_METHODS);
  const answered = windows.filter(
    (turn) => turn.response !== undefined && turn.response.message.error === undefined,
  );
  // A cancel counts for a turn when it came before the turn's response and after the session's
  // previous turn ended (a cancel sent just before the prompt is still meant for it).
  const previousEnd = (turn: (typeof windows)[number]) =>
    Math.max(
      Number.NEGATIVE_INFINITY,
      ...windows
        .filter((other) => other.sessionId === turn.sessionId && other.toSeq < turn.fromSeq)
        .map((other) => other.toSeq),
    );
  const uncancelled = answered.filter(
    (turn) =>
      !cancels.some(
        (frame) =>
          frame.seq < turn.toSeq &&
          frame.seq > previousEnd(turn) &&
          (frame.method === "$/cancel_request"
            ? frame.params.requestId === turn.requestId
            : frame.params.sessionId === turn.sessionId),
      ),
  );
  const falselyCancelled = uncancelled.find(
    (turn) =>
      (turn.response!.message.result as { stopReason?: unknown } | undefined)?.stopReason === "cancelled",
  );
  if (falselyCancelled)
    context.check({
      requirement: "agent.prompt.cancelled-only-when-cancelled",
      verdict: "fail",
      message: `the turn in session ${falselyCancelled.sessionId} ended with stopReason cancelled, but the kit never cancelled it (no session/cancel, $/cancel_request or session/close)`,
      evidence: { transcript: excerptAround(transcript, falselyCancelled.toSeq) },
    });
  else if (uncancelled.length > 0)
    context.check({
      requirement: "agent.prompt.cancelled-only-when-cancelled",
      verdict: "pass",
      message: `${uncancelled.length} turn(s) the kit did not cancel, none ended with stopReason cancelled`,
    });
}
