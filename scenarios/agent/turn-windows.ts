/**
 * Reading a whole scenario's wire after the fact: the prompt turns the kit ran (from the
 * session/prompt it sent to the response, or to the end when none came), the messages the kit
 * sent that end a turn early, and the pieces of the agent's messages the checks over every turn
 * read. The checks that judge every turn (tool-call-checks.ts, update-stream-checks.ts,
 * client-call-checks.ts) see the scenario through these.
 */
import type { IncomingMessage } from "../../kit/wire/connection.js";
import type { JsonRpcId } from "../../kit/wire/jsonrpc.js";
import type { AgentRunRecord } from "./agent-run-record.js";
import { isSessionUpdate, updateSessionId } from "./session-updates.js";

export interface TurnWindow {
  sessionId: string;
  requestId: JsonRpcId;
  /** Transcript seq of the session/prompt request. */
  fromSeq: number;
  /** Transcript seq of its response, or infinity when none came. */
  toSeq: number;
  response: (IncomingMessage & { message: { kind: "response" } }) | undefined;
}

/** A frame the kit sent, parsed; undefined for one that is not a JSON object (deliberate faults). */
export interface SentFrame {
  seq: number;
  method: string | undefined;
  params: Record<string, unknown>;
}

const SESSION_ID_PATTERN = /"sessionId":("(?:[^"\\]|\\.)*")/;

/** Every session/prompt the kit sent in the scenario, with the session it named and its response. */
export function turnWindows(agent: AgentRunRecord): TurnWindow[] {
  const responses = new Map<JsonRpcId, IncomingMessage & { message: { kind: "response" } }>();
  for (const incoming of agent.connection.received)
    if (incoming.message.kind === "response" && !responses.has(incoming.message.id))
      responses.set(incoming.message.id, incoming as IncomingMessage & { message: { kind: "response" } });
  const windows: TurnWindow[] = [];
  for (const request of agent.connection.sent) {
    if (request.method !== "session/prompt" || request.internal) continue;
    // The kit writes sessionId before the prompt, so the head of the frame names it; a 16 MiB prompt is not parsed.
    const head = agent.transcript.entries[request.seq]?.text?.slice(0, 4096) ?? "";
    const quoted = SESSION_ID_PATTERN.exec(head)?.[1];
    if (quoted === undefined) continue;
    const response = responses.get(request.id);
    windows.push({
      sessionId: JSON.parse(quoted) as string,
      requestId: request.id,
      fromSeq: request.seq,
      toSeq: response?.seq ?? Number.POSITIVE_INFINITY,
      response,
    });
  }
  return windows;
}

/** The turn of `sessionId` running at `seq`, if any. */
export function turnAt(windows: TurnWindow[], sessionId: unknown, seq: number): TurnWindow | undefined {
  return windows.find((turn) => turn.sessionId === sessionId && turn.fromSeq < seq && seq < turn.toSeq);
}

/** The kit's notifications and requests whose method is one of `methods`, parsed. */
export function sentFrames(
  agent: Pick<AgentRunRecord, "transcript">,
  methods: readonly string[],
): SentFrame[] {
  const frames: SentFrame[] = [];
  for (const entry of agent.transcript.entries) {
    if (entry.direction !== "sent" || entry.text === undefined) continue;
    if (!methods.some((method) => entry.text!.includes(`"${method}"`))) continue;
    try {
      const value = JSON.parse(entry.text) as { method?: unknown; params?: unknown };
      if (typeof value.method !== "string" || !methods.includes(value.method)) continue;
      const params = typeof value.params === "object" && value.params !== null ? value.params : {};
      frames.push({ seq: entry.seq, method: value.method, params: params as Record<string, unknown> });
    } catch {
      // a deliberately broken frame cancels nothing
    }
  }
  return frames;
}

/** The `update` object of a session/update notification that arrived during a turn of its own session. */
export function turnUpdates(
  agent: AgentRunRecord,
  windows: TurnWindow[],
): Array<{ incoming: IncomingMessage; sessionId: string; turn: TurnWindow; body: Record<string, unknown> }> {
  const updates = [];
  for (const incoming of agent.connection.received) {
    if (!isSessionUpdate(incoming)) continue;
    const sessionId = updateSessionId(incoming);
    const turn = turnAt(windows, sessionId, incoming.seq);
    const body = (incoming.message as { params?: { update?: unknown } }).params?.update;
    if (!turn || typeof body !== "object" || body === null) continue;
    updates.push({ incoming, sessionId: turn.sessionId, turn, body: body as Record<string, unknown> });
  }
  return updates;
}

/** The agent's requests of `method`, with their params. */
export function agentRequests(
  agent: AgentRunRecord,
  method: string,
): Array<{ incoming: IncomingMessage; params: Record<string, unknown> }> {
  const requests = [];
  for (const incoming of agent.connection.received) {
    if (incoming.message.kind !== "request" || incoming.message.method !== method) continue;
    const params = incoming.message.params;
    requests.push({
      incoming,
      params: (typeof params === "object" && params !== null ? params : {}) as Record<string, unknown>,
    });
  }
  return requests;
}
