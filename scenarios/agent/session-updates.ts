/** Reading session/update notifications: which they are, which session they name, what kind. */
import type { IncomingMessage } from "../../kit/wire/connection.js";

export function isSessionUpdate(incoming: IncomingMessage): boolean {
  return incoming.message.kind === "notification" && incoming.message.method === "session/update";
}

export function updateSessionId(incoming: IncomingMessage): unknown {
  return incoming.message.kind === "notification"
    ? (incoming.message.params as { sessionId?: unknown } | undefined)?.sessionId
    : undefined;
}

export function updateKind(incoming: IncomingMessage): string | undefined {
  if (incoming.message.kind !== "notification") return undefined;
  const update = (incoming.message.params as { update?: { sessionUpdate?: unknown } } | undefined)?.update;
  return typeof update?.sessionUpdate === "string" ? update.sessionUpdate : undefined;
}
