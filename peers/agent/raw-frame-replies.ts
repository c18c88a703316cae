/**
 * The awaitReplies action: the client's answers to the raw frames a turn wrote (a line that is
 * not JSON, an invalid request). A turn that ended right after its probes would leave a slow
 * client's answers racing the end of the run; waiting for them makes "no answer" mean the
 * client gave none, not that it was still on its way.
 */
import type { ObservationLog, PeerEvent } from "../observation-log.js";
import type { Turn } from "./client-requests.js";

/** Per turn: where in the log its first raw frame went out, and the ids replies to its raw frames carry. */
export class RawFrameReplies {
  readonly #log: ObservationLog;
  readonly #ofTurn = new WeakMap<Turn, { fromEvent: number; replyIds: Set<unknown> }>();

  constructor(log: ObservationLog) {
    this.#log = log;
  }

  /** Call before writing a raw frame of `turn`. */
  noteFrame(turn: Turn, frame: string): void {
    this.#frames(turn).replyIds.add(replyIdOf(frame));
  }

  /** The awaitReplies action of `turn`. */
  async await(turn: Turn, action: { count: number; waitMs?: number }): Promise<void> {
    const { fromEvent, replyIds } = this.#frames(turn);
    await awaitRawFrameReplies(this.#log, {
      fromEvent,
      replyIds,
      count: action.count,
      waitMs: action.waitMs ?? 10_000,
    });
  }

  #frames(turn: Turn) {
    let frames = this.#ofTurn.get(turn);
    if (!frames) {
      frames = { fromEvent: this.#log.events.length, replyIds: new Set() };
      this.#ofTurn.set(turn, frames);
    }
    return frames;
  }
}

/** The id a reply to this raw frame carries: the frame's own id, or null for one without (or not JSON). */
export function replyIdOf(frame: string): unknown {
  try {
    const value = JSON.parse(frame) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value) && "id" in value)
      return (value as { id: unknown }).id;
  } catch {
    // Not JSON: JSON-RPC answers it with id null.
  }
  return null;
}

/**
 * Resolves once `count` replies to the raw frames (ids in `replyIds`) have been logged since the
 * log held `fromEvent` events, or after `waitMs` (the turn goes on either way).
 */
export async function awaitRawFrameReplies(
  log: ObservationLog,
  options: { fromEvent: number; replyIds: ReadonlySet<unknown>; count: number; waitMs: number },
): Promise<void> {
  let position = 0;
  let seen = 0;
  const isCountedReply = (event: PeerEvent) => {
    const index = position++; // waitFor reads every event once, in order
    if (index < options.fromEvent || event.kind !== "received") return false;
    const message = event.message;
    if (!message || typeof message !== "object" || "method" in message || !("id" in message)) return false;
    if (!options.replyIds.has((message as { id: unknown }).id)) return false;
    return ++seen >= options.count;
  };
  await log
    .waitFor(isCountedReply, {
      timeoutMs: options.waitMs,
      description: `${options.count} replies to raw frames`,
    })
    .catch(() => undefined);
}
