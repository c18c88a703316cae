/**
 * The reference client's view of one session's output: the agent's message text and the slash
 * commands it advertised, taken only from that session's updates. An agent may send an update for a session before the client
 * has read the session/new answer that names it (it notifies as soon as the session exists),
 * so updates for a session id the client has not been told yet are held, and those for the
 * session it is then given are replayed in order; the others are dropped at that point.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { advertisedCommands } from "./command-run.js";

/** The most updates held before the session is known; an agent flooding before its answer gets no more. */
const MAX_HELD = 1_000;

export class SessionOutput {
  #sessionId: string | undefined;
  #held: acp.SessionNotification[] = [];
  #text = "";
  /** The slash commands the session's agent advertised, in order. */
  readonly commands: string[] = [];

  /** The agent's message text for the session so far. */
  get text(): string {
    return this.#text;
  }

  /** Takes one session/update notification. */
  add(params: acp.SessionNotification): void {
    if (this.#sessionId === undefined) {
      if (this.#held.length < MAX_HELD) this.#held.push(params);
      return;
    }
    // Only this session's output is this turn's output.
    if (params.sessionId !== this.#sessionId) return;
    const update = params.update;
    this.commands.push(...advertisedCommands(update));
    if (update.sessionUpdate === "agent_message_chunk" && update.content.type === "text")
      this.#text += update.content.text;
  }

  /** The session/new answer named the session: its held updates count from now on, in order. */
  bind(sessionId: string): void {
    this.#sessionId = sessionId;
    const held = this.#held;
    this.#held = [];
    for (const params of held) this.add(params);
  }
}
