/** One v2 prompt turn as the kit saw it, and how to read its `session/update` notifications. */
import type { IncomingMessage, RequestOutcome, SentRequest } from "../../../kit/wire/connection.js";

export interface V2Turn {
  sessionId: string;
  request: SentRequest;
  /** The session/prompt answer: in v2 an acknowledgment, not the turn's end. */
  ack: RequestOutcome;
  /** The session's updates from the prompt up to and including the idle state_update. */
  updates: IncomingMessage[];
  /** The idle state_update that ended the turn, when one came in time. */
  idle: IncomingMessage | undefined;
  /** The first transcript seq after the turn. */
  endSeq: number;
}

export type UpdateBody = Record<string, unknown> & { sessionUpdate?: unknown };

export function updateOf(incoming: IncomingMessage): UpdateBody {
  if (incoming.message.kind !== "notification") return {};
  const update = (incoming.message.params as { update?: unknown } | undefined)?.update;
  return update && typeof update === "object" ? (update as UpdateBody) : {};
}

export function isState(incoming: IncomingMessage, state: string): boolean {
  const update = updateOf(incoming);
  return update.sessionUpdate === "state_update" && update.state === state;
}

export function isIdle(incoming: IncomingMessage): boolean {
  return isState(incoming, "idle");
}

/** The message updates v2 keys by `messageId` (chunks and whole-message upserts). */
export const MESSAGE_UPDATES = new Set([
  "user_message_chunk",
  "user_message",
  "agent_message_chunk",
  "agent_message",
  "agent_thought_chunk",
  "agent_thought",
]);

/** Updates that are part of a turn's output (not state, not session metadata). */
export function isTurnOutput(incoming: IncomingMessage): boolean {
  const kind = updateOf(incoming).sessionUpdate;
  return (
    typeof kind === "string" &&
    (MESSAGE_UPDATES.has(kind) || kind.startsWith("tool_call") || kind === "plan_update")
  );
}
