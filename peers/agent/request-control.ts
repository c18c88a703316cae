/**
 * The mock agent's requests beyond the one-at-a-time ones of client-requests.ts: several sent
 * at once (a client must answer each, whatever order it answers them in), one the agent
 * cancels itself with `$/cancel_request` (docs/protocol/v1/cancellation.mdx: the client still
 * answers it exactly once), and -32800 answers to the client's own requests. Each waits a
 * bounded time, so a client that never answers still lets the turn go on and be judged.
 */
import type { ObservationLog } from "../observation-log.js";
import type { Frame, PeerWire } from "../peer-wire.js";
import type { Turn } from "./client-requests.js";
import { sleep } from "../sleep.js";

export interface RequestSpec {
  method: string;
  params?: Record<string, unknown>;
}

const REQUEST_CANCELLED = -32800;
/** After the first answer to a cancelled request, how long the agent waits to see a second one. */
const SECOND_ANSWER_GRACE_MS = 500;

/** The string "{{sessionId}}" or "{{requestId}}" anywhere in `value`, replaced by the turn's. */
function fill(value: unknown, turn: Turn): unknown {
  if (value === "{{sessionId}}") return turn.sessionId;
  if (value === "{{requestId}}") return turn.requestId;
  if (Array.isArray(value)) return value.map((item) => fill(item, turn));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, turn)]));
  return value;
}

export class RequestControl {
  readonly #wire: PeerWire;
  readonly #log: ObservationLog;
  readonly #nextId: (prefix: string) => string;
  readonly #waiting = new Map<string, (frame: Frame) => void>();
  /** Methods whose first request from the client is answered -32800 instead of served. */
  readonly #toCancel: Set<string>;

  constructor(wire: PeerWire, nextId: (prefix: string) => string, answerCancelled: readonly string[] = []) {
    this.#wire = wire;
    this.#log = wire.log;
    this.#nextId = nextId;
    this.#toCancel = new Set(answerCancelled);
  }

  /** The -32800 error when the client's request is one the script cancels (once per method), else undefined. */
  cancelledAnswer(method: string): { code: number; message: string } | undefined {
    if (!this.#toCancel.delete(method)) return undefined;
    return { code: REQUEST_CANCELLED, message: "Request cancelled" };
  }

  /** Hands a response frame to the request of this module waiting for it (others are not ours). */
  deliver(frame: Frame): void {
    this.#waiting.get(String(frame.id))?.(frame);
  }

  /** Sends one request; the promise is its first answer, or undefined after `waitMs`. */
  #send(turn: Turn, spec: RequestSpec, waitMs: number): { id: string; answer: Promise<Frame | undefined> } {
    const id = this.#nextId("agent-request");
    const answer = new Promise<Frame | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        resolve(undefined);
      }, waitMs);
      this.#waiting.set(id, (frame) => {
        clearTimeout(timer);
        this.#waiting.delete(id);
        resolve(frame);
      });
    });
    this.#wire.send({ jsonrpc: "2.0", id, method: spec.method, params: fill(spec.params ?? {}, turn) });
    return { id, answer };
  }

  #logAnswer(method: string, id: string, answer: Frame | undefined): void {
    if (!answer) return;
    this.#log.add({
      kind: "response",
      method,
      id,
      ...("error" in answer ? { error: answer.error } : { result: answer.result }),
    });
  }

  /** Every request sent before any answer is awaited; then all answers, each at most `waitMs`. */
  async atOnce(turn: Turn, specs: readonly RequestSpec[], waitMs = 5_000): Promise<void> {
    const sent = specs.map((spec) => ({ spec, ...this.#send(turn, spec, waitMs) }));
    await Promise.all(
      sent.map(async ({ spec, id, answer }) => this.#logAnswer(spec.method, id, await answer)),
    );
  }

  /** A request, then `$/cancel_request` for it after `afterMs`; waits for its answer and a while for a second one. */
  async cancelled(turn: Turn, spec: RequestSpec & { afterMs?: number; waitMs?: number }): Promise<void> {
    const { id, answer } = this.#send(turn, spec, (spec.afterMs ?? 0) + (spec.waitMs ?? 5_000));
    const cancel = () =>
      this.#wire.send({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: id } });
    // With no pause the cancel follows the request at once; after one, only a request still unanswered is cancelled.
    const early = spec.afterMs
      ? await Promise.race([answer, sleep(spec.afterMs).then(() => undefined)])
      : undefined;
    if (!early) cancel();
    const first = early ?? (await answer);
    this.#logAnswer(spec.method, id, first);
    // A second answer to the same id would be read as received frames; give it time to arrive.
    if (first) await sleep(SECOND_ANSWER_GRACE_MS);
  }
}
