/**
 * Updates the mock agent sends around its session/new answer (the script's `sessionNewUpdates`):
 * an agent may notify about a session as soon as it exists, so a client can read an update for
 * a session id it has not been told yet, and another one before it sends any prompt. Both are
 * written back to back with the answer, with nothing between them, as a fast agent would.
 */
import type { PeerWire } from "../peer-wire.js";
import type { AgentScript } from "../script-types.js";

/**
 * Writes `before`, the session/new answer (`result`) and `after`, all for its session; returns false (and
 * writes nothing) when the script asks for no such updates, so the caller answers as usual.
 */
export function answerSessionNewWithUpdates(
  wire: PeerWire,
  script: AgentScript,
  requestId: unknown,
  result: { sessionId: string } & Record<string, unknown>,
): boolean {
  const around = script.sessionNewUpdates;
  if (!around) return false;
  const { sessionId } = result;
  const notify = (update: Record<string, unknown>) =>
    wire.send({ jsonrpc: "2.0", method: "session/update", params: { sessionId, update } });
  for (const update of around.before ?? []) notify(update);
  wire.send({ jsonrpc: "2.0", id: requestId, result });
  for (const update of around.after ?? []) notify(update);
  return true;
}
