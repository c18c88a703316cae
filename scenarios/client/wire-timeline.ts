/**
 * One run's wire, in the order the kit's agent saw it: each message the client sent and each
 * the agent sent, parsed and classified once, for the checks over every run (order-checks.ts,
 * params-checks.ts) that judge the order of what was said, not only what was said.
 */
import { classifyMessage, idKey, type ClassifiedMessage } from "../../kit/wire/jsonrpc.js";
import type { ClientRun } from "./driver.js";

export interface WireEntry {
  /** Who wrote it: the client under test, or the kit's agent. */
  from: "client" | "agent";
  /** Milliseconds, as the agent's log stamped it. */
  t: number;
  message: ClassifiedMessage;
  /** For the agent's response to a request of the client's: that request (paired when the response came). */
  answers?: { method: string; params: unknown };
}

export interface WireTimeline {
  entries: WireEntry[];
  /** Lines the agent sent that are no valid JSON-RPC message (an id-null answer to each is JSON-RPC's). */
  agentMalformedLines: number;
}

export function readTimeline(run: ClientRun): WireTimeline {
  const timeline: WireTimeline = { entries: [], agentMalformedLines: 0 };
  // The client's requests awaiting the agent's answer, by id key (an id may be used again once answered).
  const asked = new Map<string, { method: string; params: unknown }>();
  for (const event of run.events) {
    if (event.kind === "sent") {
      let frame: unknown;
      try {
        frame = JSON.parse(event.text);
      } catch {
        timeline.agentMalformedLines += 1;
        continue;
      }
      const message = classifyMessage(frame);
      if (message.kind === "invalid" || message.kind === "batch") timeline.agentMalformedLines += 1;
      else if (message.kind === "response") {
        const answers = asked.get(idKey(message.id));
        asked.delete(idKey(message.id));
        timeline.entries.push({ from: "agent", t: event.t, message, ...(answers ? { answers } : {}) });
      } else timeline.entries.push({ from: "agent", t: event.t, message });
    } else if (event.kind === "received" && event.message !== undefined) {
      const message = classifyMessage(event.message);
      if (message.kind === "invalid" || message.kind === "batch") continue; // framing's to report
      if (message.kind === "request")
        asked.set(idKey(message.id), { method: message.method, params: message.params });
      timeline.entries.push({ from: "client", t: event.t, message });
    }
  }
  return timeline;
}

/** The object a payload is, or undefined when it is none (its shape is then client.schema.valid-payloads'). */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The methods the client sent, requests and notifications, with their params. */
export function clientCalls(
  timeline: WireTimeline,
): Array<{ method: string; params: unknown; t: number; index: number; id?: unknown }> {
  return timeline.entries.flatMap((entry, index) =>
    entry.from === "client" && (entry.message.kind === "request" || entry.message.kind === "notification")
      ? [
          {
            method: entry.message.method,
            params: entry.message.params,
            t: entry.t,
            index,
            ...(entry.message.kind === "request" ? { id: entry.message.id } : {}),
          },
        ]
      : [],
  );
}
