/**
 * The v2 client's view of a prompt's turn. In v2 the session/prompt response only acknowledges
 * the prompt; the turn ends when the agent reports `idle` with a state_update
 * (docs/protocol/v2/prompt-lifecycle.mdx, "Report Completion"), which carries the stop reason.
 * A turn opens just before its prompt is sent and collects every session/update of its session
 * until that idle update, so a test sees the turn as the client saw it. An idle update without a
 * stop reason before the turn reported any work (running or requires_action) is a snapshot of
 * the state before it, not its end (schema/v2/schema.json#/$defs/StateUpdate: repeated snapshots
 * are not completions), so it does not end the turn.
 */

/** How a turn ended: the idle update's stop reason (undefined: the agent gave none) and the turn's updates, in order. */
export interface TurnEnd {
  stopReason: unknown;
  updates: unknown[];
}

interface OpenTurn {
  sessionId: string;
  updates: unknown[];
  worked: boolean;
  sawUpdate: () => void;
  end: (outcome: TurnEnd) => void;
}

/** One turn being watched: resolves at its first update and at its end. */
export interface WatchedTurn {
  readonly firstUpdate: Promise<void>;
  readonly ended: Promise<TurnEnd>;
  /** Stops watching (the prompt was refused: there is no turn to wait for). */
  abandon(): void;
}

export class V2Turns {
  readonly #open = new Set<OpenTurn>();

  /** Starts watching the next turn of `sessionId`. */
  open(sessionId: string): WatchedTurn {
    let sawUpdate: () => void = () => {};
    let end: (outcome: TurnEnd) => void = () => {};
    const firstUpdate = new Promise<void>((resolve) => (sawUpdate = resolve));
    const ended = new Promise<TurnEnd>((resolve) => (end = resolve));
    const turn: OpenTurn = { sessionId, updates: [], worked: false, sawUpdate, end };
    this.#open.add(turn);
    return { firstUpdate, ended, abandon: () => this.#open.delete(turn) };
  }

  /** A session/update's params: added to its session's open turns, and an idle state_update ends them. */
  observe(params: Record<string, unknown>): void {
    const update = params.update as Record<string, unknown> | undefined;
    for (const turn of this.#open) {
      if (turn.sessionId !== params.sessionId) continue;
      turn.updates.push(update);
      turn.sawUpdate();
      if (update?.sessionUpdate !== "state_update") continue;
      if (update.state !== "idle") turn.worked = true;
      else if (turn.worked || (update.stopReason ?? undefined) !== undefined) {
        this.#open.delete(turn);
        turn.end({ stopReason: update.stopReason ?? undefined, updates: turn.updates });
      }
    }
  }
}
