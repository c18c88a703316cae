/**
 * The mock agent's session methods beyond session/new: session/load (which replays the saved
 * history first), session/resume, session/list (in pages, each but the last with an opaque
 * cursor), session/close and session/delete. Each answers only when the initialize answer
 * advertises it; otherwise it is an unknown method, as it is to an agent without it.
 */
import { isAbsolute } from "node:path";
import type { PeerWire } from "../peer-wire.js";
import type { AgentScript, SavedSession } from "../script-types.js";

type RpcError = { code: number; message: string };
type Reply = { result: unknown } | { error: RpcError };

/** The live sessions of the mock agent (its own map, shared): a closed one is forgotten. */
export type LiveSessions = Map<string, { cwd: string; turn?: { cancelled: AbortController } }>;

const invalid = (message: string): Reply => ({
  error: { code: -32602, message: `Invalid params: ${message}` },
});
const notFound = (sessionId: unknown): Reply => ({
  error: { code: -32002, message: `Session not found: ${String(sessionId)}` },
});

/**
 * A cursor no client could make up or take apart: slashes, a non-ASCII character, padding, and
 * the first saved session's id (which carries the run's nonce), so one kept from an earlier
 * run is no cursor of this one.
 */
export function listCursor(saved: readonly SavedSession[], offset: number): string {
  return `k/∆?==${offset}/${saved[0]?.sessionId ?? ""}`;
}

export class SavedSessions {
  readonly #script: AgentScript;
  readonly #wire: PeerWire;
  readonly #live: LiveSessions;
  /** What session/list still lists: delete takes a session out. */
  readonly #saved: SavedSession[];

  constructor(script: AgentScript, wire: PeerWire, live: LiveSessions) {
    this.#script = script;
    this.#wire = wire;
    this.#live = live;
    this.#saved = [...(script.savedSessions ?? [])];
  }

  #offers(method: string): boolean {
    const capabilities = (this.#script.initialize?.agentCapabilities ?? {}) as Record<string, unknown>;
    if (method === "session/load") return capabilities.loadSession === true;
    const session = (capabilities.sessionCapabilities ?? {}) as Record<string, unknown>;
    const key = method.slice("session/".length);
    return typeof session[key] === "object" && session[key] !== null;
  }

  /** The answer to `method`, or undefined when it is none of these or not advertised. */
  answer(method: string, params: Record<string, unknown>): Reply | undefined {
    if (
      !["session/load", "session/resume", "session/list", "session/close", "session/delete"].includes(method)
    )
      return undefined;
    if (!this.#offers(method)) return undefined;
    if (method === "session/list") return this.#list(params);
    if (typeof params.sessionId !== "string") return invalid("sessionId is required");
    const sessionId = params.sessionId;
    if (method === "session/close") {
      const live = this.#live.get(sessionId);
      if (!live) return notFound(sessionId);
      live.turn?.cancelled.abort(); // close cancels ongoing work, as session/cancel would
      this.#live.delete(sessionId);
      return { result: {} };
    }
    if (method === "session/delete") {
      // Deleting a session that never existed succeeds silently (session-delete.mdx#semantics).
      const index = this.#saved.findIndex((session) => session.sessionId === sessionId);
      if (index !== -1) this.#saved.splice(index, 1);
      return { result: {} };
    }
    return this.#reopen(method, sessionId, params);
  }

  #reopen(method: string, sessionId: string, params: Record<string, unknown>): Reply {
    if (typeof params.cwd !== "string" || !isAbsolute(params.cwd)) return invalid("cwd must be absolute");
    // session/resume's schema makes mcpServers optional, so only load insists on it.
    if (
      method === "session/load"
        ? !Array.isArray(params.mcpServers)
        : params.mcpServers !== undefined && !Array.isArray(params.mcpServers)
    )
      return invalid("mcpServers must be an array");
    const saved = this.#saved.find((session) => session.sessionId === sessionId);
    if (!saved && !this.#live.has(sessionId)) return notFound(sessionId);
    if (method === "session/load")
      for (const entry of saved?.history ?? [])
        this.#wire.send({
          jsonrpc: "2.0",
          method: "session/update",
          params: {
            sessionId,
            update: {
              sessionUpdate: entry.role === "user" ? "user_message_chunk" : "agent_message_chunk",
              content: { type: "text", text: entry.text },
            },
          },
        });
    if (!this.#live.has(sessionId)) this.#live.set(sessionId, { cwd: params.cwd });
    return { result: {} };
  }

  #list(params: Record<string, unknown>): Reply {
    const size = this.#script.listPageSize ?? 1;
    const matching =
      typeof params.cwd === "string"
        ? this.#saved.filter((session) => session.cwd === params.cwd)
        : this.#saved;
    let offset = 0;
    if (params.cursor !== undefined && params.cursor !== null) {
      const all = this.#script.savedSessions ?? [];
      const issued = Array.from({ length: all.length }, (_, index) => index).find(
        (index) => listCursor(all, index) === params.cursor,
      );
      if (issued === undefined) return invalid(`unknown cursor ${JSON.stringify(params.cursor)}`);
      offset = issued;
    }
    const page = matching.slice(offset, offset + size).map((session) => ({
      sessionId: session.sessionId,
      cwd: session.cwd,
      ...(session.title !== undefined ? { title: session.title } : {}),
      ...(session.additionalDirectories !== undefined
        ? { additionalDirectories: session.additionalDirectories }
        : {}),
    }));
    const next = offset + size;
    return {
      result: {
        sessions: page,
        ...(next < matching.length ? { nextCursor: listCursor(this.#script.savedSessions ?? [], next) } : {}),
      },
    };
  }
}
