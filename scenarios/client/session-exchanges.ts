/**
 * The session requests of one client run, each with the kit's agent's answer to it, in the
 * order the client sent them, and which sessions the client had open when: what the session
 * scenarios judge the client's session/load, resume, list, close and delete by.
 */
import type { ClientRun } from "./driver.js";

type Message = Record<string, unknown>;

/** One request of the client's and the agent's answer (undefined when none came). */
export interface Exchange {
  method: string;
  params: Message;
  answer: Message | undefined;
  /** The sessions the client had open (created, loaded or resumed, not closed) when it sent this. */
  openBefore: ReadonlySet<string>;
}

const paramsOf = (message: Message): Message =>
  typeof message.params === "object" && message.params !== null ? (message.params as Message) : {};

const succeededWith = (answer: Message | undefined): Message | undefined =>
  answer && typeof answer.result === "object" && answer.result !== null
    ? (answer.result as Message)
    : undefined;

/** The client's requests in order, each with its answer and the sessions open when it was sent. */
export function exchanges(run: ClientRun): Exchange[] {
  const all: Exchange[] = [];
  const pending = new Map<string, Exchange>();
  const open = new Set<string>();
  const onAnswer = (exchange: Exchange) => {
    const result = succeededWith(exchange.answer);
    if (!result) return;
    if (exchange.method === "session/new" && typeof result.sessionId === "string") open.add(result.sessionId);
    if (["session/load", "session/resume"].includes(exchange.method))
      open.add(String(exchange.params.sessionId));
  };
  for (const event of run.events) {
    if (event.kind === "received" && event.message && typeof event.message === "object") {
      const message = event.message as Message;
      if (typeof message.method !== "string" || !("id" in message)) continue;
      const exchange: Exchange = {
        method: message.method,
        params: paramsOf(message),
        answer: undefined,
        openBefore: new Set(open),
      };
      all.push(exchange);
      pending.set(JSON.stringify(message.id), exchange);
      if (message.method === "session/close") open.delete(String(exchange.params.sessionId));
    } else if (event.kind === "sent") {
      let frame: Message;
      try {
        frame = JSON.parse(event.text) as Message;
      } catch {
        continue; // a raw line a script wrote, or one cut for the log: no session answer
      }
      if (typeof frame.method === "string" || !("id" in frame)) continue;
      const exchange = pending.get(JSON.stringify(frame.id));
      if (!exchange) continue;
      pending.delete(JSON.stringify(frame.id));
      exchange.answer = frame;
      onAnswer(exchange);
    }
  }
  return all;
}

/** The sessions the agent gave the client in the run: the saved ones it was told of or shown, and each session/new's. */
export function knownSessions(all: readonly Exchange[], saved: readonly string[]): Set<string> {
  const known = new Set(saved);
  for (const exchange of all) {
    const result = succeededWith(exchange.answer);
    if (exchange.method === "session/new" && typeof result?.sessionId === "string")
      known.add(result.sessionId);
  }
  return known;
}

/** The cwd the session `sessionId` has: the saved session's, or the one the client created it with. */
export function sessionCwd(
  all: readonly Exchange[],
  saved: ReadonlyArray<{ sessionId: string; cwd: string }>,
  sessionId: string,
): string | undefined {
  const kept = saved.find((session) => session.sessionId === sessionId);
  if (kept) return kept.cwd;
  const created = all.find(
    (exchange) =>
      exchange.method === "session/new" && succeededWith(exchange.answer)?.sessionId === sessionId,
  );
  return typeof created?.params.cwd === "string" ? created.params.cwd : undefined;
}

export const nextCursorOf = (exchange: Exchange): unknown => succeededWith(exchange.answer)?.nextCursor;
