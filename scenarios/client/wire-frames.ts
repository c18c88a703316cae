/**
 * The run's frames on both sides, parsed, with the time the mock agent wrote or read each:
 * what the cancellation and elicitation scenarios pair up (a request and its answers, a
 * notification and what followed it).
 */
import type { ClientRun } from "./driver.js";

export type Message = Record<string, unknown>;
export interface TimedFrame {
  at: number;
  message: Message;
}

/** Frames the mock agent wrote, parsed (lines that are not JSON, such as raw probes, are skipped). */
export function agentFrames(run: ClientRun): TimedFrame[] {
  return run.events.flatMap((event) => {
    if (event.kind !== "sent") return [];
    try {
      const message = JSON.parse(event.text) as unknown;
      return typeof message === "object" && message !== null
        ? [{ at: event.t, message: message as Message }]
        : [];
    } catch {
      return [];
    }
  });
}

/** Frames the client wrote, parsed, in order. */
export function clientFrames(run: ClientRun): TimedFrame[] {
  return run.events.flatMap((event) =>
    event.kind === "received" && typeof event.message === "object" && event.message !== null
      ? [{ at: event.t, message: event.message as Message }]
      : [],
  );
}

/** A frame is a response when it has no method. */
export const isResponse = (message: Message): boolean => !("method" in message);

/** The client's responses to the agent's request `id`, in order. */
export function answersTo(run: ClientRun, id: unknown): TimedFrame[] {
  return clientFrames(run).filter(({ message }) => isResponse(message) && message.id === id);
}

/** The agent's requests (with an id) of `method`, in order; `where` narrows them by params. */
export function agentRequests(
  run: ClientRun,
  method: string,
  where: (params: Message) => boolean = () => true,
): TimedFrame[] {
  return agentFrames(run).filter(
    ({ message }) => message.method === method && "id" in message && where((message.params ?? {}) as Message),
  );
}

/** An answer in words: its error, or its result. */
export function describeAnswer(message: Message | undefined): string {
  if (!message) return "no answer";
  return "error" in message
    ? `error ${JSON.stringify(message.error)}`
    : `result ${JSON.stringify(message.result)}`;
}
