/**
 * What a scripted peer saw and did, in order: every frame in both directions, the answers to
 * its requests, permission outcomes, cancels, fs, terminal and elicitation calls, processes it
 * spawned, and how it ended. Tests assert on it; scenarios check it. A spawned peer appends the
 * same events to an NDJSON file.
 */
import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

export type PeerEvent =
  /**
   * A line the peer read (parsed when it is JSON). `problem` marks a line no JSON-RPC message
   * can be: an empty one (logged, not acted on) or one that is not valid UTF-8 (its text is
   * then the bytes read as latin1).
   */
  | { t: number; kind: "received"; text: string; message?: unknown; problem?: "blank-line" | "invalid-utf8" }
  /** A frame the peer wrote (as text, before any wire fault). */
  | { t: number; kind: "sent"; text: string }
  /** Agent: the outcome its permission request got. Client: the answer it gave (undefined: never answered). */
  | { t: number; kind: "permission"; toolCallId: string | undefined; outcome: unknown }
  | { t: number; kind: "cancel"; sessionId: string }
  /** Client: a $/cancel_request it sent, for its request `requestId` (of `method`). */
  | { t: number; kind: "cancel-request"; requestId: number; method: string }
  /** Client: an fs request it served or refused; `content` is what a successful write wrote. */
  | { t: number; kind: "fs"; method: string; path: string; ok: boolean; content?: string }
  | { t: number; kind: "terminal"; method: string; detail: unknown }
  /** Client: an elicitation/create and the answer it gave (`{ error }` when refused, undefined: never answered). */
  | { t: number; kind: "elicitation"; mode: string | undefined; message: string | undefined; answer: unknown }
  | { t: number; kind: "spawned"; pid: number; setsid: boolean }
  /** Client (protocolVersion 2): the version it asked for in initialize and the one the agent answered (undefined: an error). */
  | { t: number; kind: "profile"; requested: unknown; agreed: unknown }
  /**
   * Client (protocolVersion 2): a prompt's turn, from the prompt to the agent's idle
   * state_update: the acknowledged message's id, the idle update's stop reason (undefined: none
   * given) and the `update` of every session/update of the session meanwhile, in order.
   */
  | {
      t: number;
      kind: "turn";
      sessionId: string;
      messageId: unknown;
      stopReason: unknown;
      updates: unknown[];
    }
  /** Client: the answer to one of its requests. */
  | { t: number; kind: "response"; method: string; id: unknown; result?: unknown; error?: unknown }
  /**
   * Agent: one step of the probeClientMethods action: the request, its answer (or `skipped` with
   * why), how long the answer took, and for a scan step the marked processes still alive.
   */
  | {
      t: number;
      kind: "probe";
      step: string;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: unknown;
      ms?: number;
      alive?: string[];
      skipped?: string;
    }
  /**
   * A path the peer is about to make outside the kit's scratch directories (the client methods
   * probe's directory under the session cwd), logged before it exists: whoever reads the log
   * removes it when the run ends, interrupted or not.
   */
  | { t: number; kind: "made-path"; path: string }
  /** Adapter: the envelope (its first line, whole), how many lines came, and whether stdin reached EOF. */
  | { t: number; kind: "envelope"; text: string; lines: number; eof: boolean }
  /** Adapter: whether the release it waited for came (see the awaitRelease action). */
  | { t: number; kind: "release"; name: string; released: boolean }
  /** Host: how the task ended and what the adapter showed. */
  | { t: number; kind: "task"; status: "completed" | "failed"; messages: string[]; error?: string }
  | {
      t: number;
      kind: "ended";
      how: "stdin-eof" | "signal" | "exit" | "closed";
      code?: number;
      signal?: string;
      /**
       * For a signal: whether the end of stdin had reached the peer by then (it waits a moment
       * for one already on its way, since a close and a signal sent back to back can arrive in
       * either order).
       */
      stdinClosed?: boolean;
    };

export type PeerEventKind = PeerEvent["kind"];
type WithoutTime<E> = E extends PeerEvent ? Omit<E, "t"> : never;
export type PeerEventInput = WithoutTime<PeerEvent>;

export class ObservationLog {
  readonly events: PeerEvent[] = [];
  readonly #started = performance.now();
  readonly #listeners = new Set<() => void>();
  readonly #file: string | undefined;

  /** `file`: also append every event to this NDJSON file as it happens. */
  constructor(file?: string) {
    this.#file = file;
  }

  add(event: PeerEventInput): void {
    const entry = { t: Math.round((performance.now() - this.#started) * 10) / 10, ...event } as PeerEvent;
    this.events.push(entry);
    if (this.#file) appendFileSync(this.#file, `${JSON.stringify(entry)}\n`);
    for (const listener of this.#listeners) listener();
  }

  /** Events of one kind, typed. */
  ofKind<K extends PeerEventKind>(kind: K): Extract<PeerEvent, { kind: K }>[] {
    return this.events.filter((event) => event.kind === kind) as Extract<PeerEvent, { kind: K }>[];
  }

  /** The first event (already logged or still to come) that matches, or a rejection naming what was awaited. */
  waitFor<E extends PeerEvent>(
    predicate: (event: PeerEvent) => event is E,
    options?: { timeoutMs?: number; description?: string },
  ): Promise<E>;
  waitFor(
    predicate: (event: PeerEvent) => boolean,
    options?: { timeoutMs?: number; description?: string },
  ): Promise<PeerEvent>;
  waitFor(
    predicate: (event: PeerEvent) => boolean,
    options: { timeoutMs?: number; description?: string } = {},
  ): Promise<PeerEvent> {
    const found = this.events.find(predicate);
    if (found) return Promise.resolve(found);
    const timeoutMs = options.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      let checked = this.events.length;
      const listener = () => {
        for (; checked < this.events.length; checked++) {
          const event = this.events[checked]!;
          if (predicate(event)) {
            clearTimeout(timer);
            this.#listeners.delete(listener);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${options.description ?? "a matching peer event"}; the log has ${this.events.length} events`,
          ),
        );
      }, timeoutMs);
      this.#listeners.add(listener);
    });
  }

  /** The messages (parsed frames) the peer received, in order. */
  receivedMessages(): Array<Record<string, unknown>> {
    return this.ofKind("received").flatMap((event) =>
      event.message && typeof event.message === "object" ? [event.message as Record<string, unknown>] : [],
    );
  }

  /** The events without timestamps and process ids: what must be equal for the same script and seed. */
  canonical(): unknown[] {
    return this.events.map(({ t: _t, ...rest }) => (rest.kind === "spawned" ? { ...rest, pid: 0 } : rest));
  }
}
