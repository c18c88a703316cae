/**
 * The v2 mock agent's session methods beyond session/new (session-setup.mdx, session-list.mdx,
 * session-delete.mdx): session/list (pages of `listPageSize`, each but the last with v1's opaque
 * cursor), session/resume (the saved history replayed as v2 messages when `replayFrom` asks,
 * then the current `state_update`, then the answer), session/close and session/delete. list,
 * resume and close are baseline methods of any agent advertising `session`; delete answers only
 * when `session.delete` is advertised, and none answers when `session` is omitted or null.
 */
import { isAbsolute } from "node:path";
import type { PeerWire } from "../../peer-wire.js";
import type { AgentScript, SavedSession } from "../../script-types.js";
import { listCursor } from "../saved-sessions.js";

type Reply = { result: unknown } | { error: { code: number; message: string } };

/** The mock agent's live sessions (its own map, shared): resume adds one, close forgets it. */
export type LiveSessionsV2 = Map<
  string,
  { cwd: string; turn?: { cancelled: AbortController }; queue: Promise<void> }
>;

const invalid = (message: string): Reply => ({
  error: { code: -32602, message: `Invalid params: ${message}` },
});
const present = (value: unknown) => value !== undefined && value !== null;

export class SavedSessionsV2 {
  readonly #script: AgentScript;
  readonly #wire: PeerWire;
  readonly #live: LiveSessionsV2;
  /** What session/list still lists: delete takes a session out. */
  readonly #saved: SavedSession[];
  #messages = 0;

  constructor(script: AgentScript, wire: PeerWire, live: LiveSessionsV2) {
    this.#script = script;
    this.#wire = wire;
    this.#live = live;
    this.#saved = [...(script.savedSessions ?? [])];
  }

  /** The answer to `method`, or undefined when it is none of these or the agent does not serve it. */
  answer(method: string, params: Record<string, unknown>): Reply | undefined {
    const session = (
      this.#script.initialize?.agentCapabilities as { session?: Record<string, unknown> | null }
    )?.session ?? { mcp: {} }; // the mock agent's default capabilities advertise session
    if (!present(session)) return undefined;
    if (method === "session/list") return this.#list(params);
    if (!["session/resume", "session/close", "session/delete"].includes(method)) return undefined;
    if (method === "session/delete" && !present(session.delete)) return undefined;
    if (typeof params.sessionId !== "string") return invalid("sessionId is required");
    const sessionId = params.sessionId;
    if (method === "session/close") {
      // Closing a session that is not active succeeds (CloseSessionRequest).
      this.#live.get(sessionId)?.turn?.cancelled.abort();
      this.#live.delete(sessionId);
      return { result: {} };
    }
    if (method === "session/delete") {
      // Deleting a session that never existed succeeds silently (session-delete.mdx#semantics).
      const index = this.#saved.findIndex((saved) => saved.sessionId === sessionId);
      if (index !== -1) this.#saved.splice(index, 1);
      return { result: {} };
    }
    return this.#resume(sessionId, params);
  }

  #resume(sessionId: string, params: Record<string, unknown>): Reply {
    if (typeof params.cwd !== "string" || !isAbsolute(params.cwd)) return invalid("cwd must be absolute");
    if (present(params.mcpServers) && !Array.isArray(params.mcpServers))
      return invalid("mcpServers must be an array");
    const saved = this.#saved.find((candidate) => candidate.sessionId === sessionId);
    if (!saved && !this.#live.has(sessionId))
      return { error: { code: -32002, message: `Session not found: ${sessionId}` } };
    const replayFrom = params.replayFrom as { type?: unknown } | undefined | null;
    if (present(replayFrom) && replayFrom?.type !== "start")
      return invalid(`replayFrom ${JSON.stringify(replayFrom)} is no cursor this agent supports`);
    if (replayFrom?.type === "start")
      for (const entry of saved?.history ?? []) {
        this.#messages += 1;
        this.#update(sessionId, {
          sessionUpdate: entry.role === "user" ? "user_message" : "agent_message",
          messageId: `replayed-${this.#messages}`,
          content: [{ type: "text", text: entry.text }],
        });
      }
    // The current state after any replay and before the answer (ResumeSessionResponse).
    this.#update(sessionId, { sessionUpdate: "state_update", state: "idle" });
    if (!this.#live.has(sessionId)) this.#live.set(sessionId, { cwd: params.cwd, queue: Promise.resolve() });
    return { result: {} };
  }

  #update(sessionId: string, update: Record<string, unknown>): void {
    this.#wire.send({ jsonrpc: "2.0", method: "session/update", params: { sessionId, update } });
  }

  #list(params: Record<string, unknown>): Reply {
    const size = this.#script.listPageSize ?? 1;
    const all = this.#script.savedSessions ?? [];
    const matching =
      typeof params.cwd === "string" ? this.#saved.filter((saved) => saved.cwd === params.cwd) : this.#saved;
    let offset = 0;
    if (present(params.cursor)) {
      const issued = all.findIndex((_, index) => listCursor(all, index) === params.cursor);
      if (issued === -1) return invalid(`unknown cursor ${JSON.stringify(params.cursor)}`);
      offset = issued;
    }
    const page = matching.slice(offset, offset + size).map((saved) => ({
      sessionId: saved.sessionId,
      cwd: saved.cwd,
      ...(saved.title !== undefined ? { title: saved.title } : {}),
      ...(saved.additionalDirectories !== undefined
        ? { additionalDirectories: saved.additionalDirectories }
        : {}),
    }));
    const next = offset + size;
    return {
      result: { sessions: page, ...(next < matching.length ? { nextCursor: listCursor(all, next) } : {}) },
    };
  }
}
