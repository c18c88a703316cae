/**
 * The reference agent's session management beyond session/new: it keeps each session's
 * history (prompts and answers), persists it (session-store.ts), and serves session/load
 * (replaying the history before answering), session/resume (replaying nothing), session/list
 * (paginated, filtered by cwd), session/close and session/delete.
 *
 * A fixture agent is this agent with exactly one `SessionDefect`: the kit's session checks
 * must catch each one alone (fixtures/agents/manifest.ts).
 */
import { randomUUID } from "node:crypto";
import { relative } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { SessionStore, type StoredSession } from "./session-store.js";
import { stopMcpServers } from "./mcp-servers.js";

export type SessionDefect =
  | "replays-nothing-on-load"
  | "replays-after-load-response"
  | "loads-only-own-sessions"
  | "loads-unknown-session"
  | "replays-on-resume"
  | "resumes-only-own-sessions"
  | "list-errors-when-empty"
  | "lists-relative-cwd"
  | "lists-local-time"
  | "list-ignores-cursor"
  | "list-ignores-cwd"
  | "close-ends-turn-normally"
  | "prompts-after-close"
  | "delete-keeps-listed"
  | "delete-unknown-fails"
  | "lists-relative-additional-directories";

/** Small, so that the handful of sessions a conformance run creates spans several pages. */
export const LIST_PAGE_SIZE = 2;

/** How long a defective agent waits before replaying after its load response. */
const LATE_REPLAY_MS = 10;

export interface LiveSession {
  record: StoredSession;
  /** Aborted by session/cancel or session/close for the turn that is running, if any. */
  turn: AbortController | undefined;
  closed: boolean;
}

interface Cursor {
  createdAt: string;
  sessionId: string;
}

const byCreation = (a: Cursor, b: Cursor) =>
  a.createdAt.localeCompare(b.createdAt) || a.sessionId.localeCompare(b.sessionId);

export class ReferenceSessions {
  readonly #live = new Map<string, LiveSession>();
  readonly #store: SessionStore;
  readonly #defect: SessionDefect | undefined;

  constructor(defect?: SessionDefect, store = new SessionStore()) {
    this.#defect = defect;
    this.#store = store;
  }

  /** What initialize advertises. */
  capabilities(): Pick<acp.AgentCapabilities, "loadSession" | "sessionCapabilities"> {
    return {
      loadSession: true,
      sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} },
    };
  }

  create(cwd: string, additionalDirectories: readonly string[] = []): string {
    const now = new Date().toISOString();
    const record: StoredSession = {
      sessionId: `session-${randomUUID()}`,
      cwd,
      createdAt: now,
      updatedAt: now,
      additionalDirectories: [...additionalDirectories],
      history: [],
    };
    // Saved once it has a history (endTurn), as agents that keep transcripts do: a session
    // nobody prompted is not worth a file under HOME.
    this.#live.set(record.sessionId, { record, turn: undefined, closed: false });
    return record.sessionId;
  }

  /** The session a prompt or cancel names, if it is open in this process. */
  active(sessionId: string): LiveSession | undefined {
    const live = this.#live.get(sessionId);
    if (live?.closed && this.#defect !== "prompts-after-close") return undefined;
    return live;
  }

  /** Starts a turn: the prompt joins the history. Throws for a session that is not open. */
  beginTurn(sessionId: string, text: string): { session: LiveSession; turn: AbortController } {
    const session = this.active(sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(sessionId);
    const turn = new AbortController();
    session.turn = turn;
    session.record.title ??= text.slice(0, 80);
    session.record.history.push({ role: "user", text, messageId: randomUUID() });
    return { session, turn };
  }

  /** Agent text said in a turn: chunks of one message join one history entry. */
  recordAnswer(sessionId: string, text: string, messageId: string): void {
    const history = this.#live.get(sessionId)?.record.history;
    const last = history?.at(-1);
    if (last?.role === "agent" && last.messageId === messageId) last.text += text;
    else history?.push({ role: "agent", text, messageId });
  }

  /** Ends a turn: the history is saved; returns the stop reason to answer with. */
  endTurn(session: LiveSession, turn: AbortController, stopReason: acp.StopReason): acp.StopReason {
    if (session.turn === turn) session.turn = undefined;
    session.record.updatedAt = new Date().toISOString();
    this.#store.save(session.record);
    if (this.#defect === "close-ends-turn-normally" && session.closed && stopReason === "cancelled")
      return "end_turn";
    return stopReason;
  }

  /** Registers session/load, session/resume, session/list, session/close and session/delete. */
  register(app: acp.AgentApp): acp.AgentApp {
    return app
      .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
        const found = this.#find(params.sessionId, params.cwd, this.#defect !== "loads-only-own-sessions");
        if (!found && this.#defect === "loads-unknown-session") {
          this.#open({ ...this.#emptyRecord(params.sessionId, params.cwd) });
          return {};
        }
        if (!found) throw acp.RequestError.sessionNotFound(params.sessionId);
        const live = this.#open(found, params.additionalDirectories);
        if (this.#defect === "replays-nothing-on-load") return {};
        if (this.#defect === "replays-after-load-response") {
          setTimeout(() => void this.#replay(client, live.record), LATE_REPLAY_MS);
          return {};
        }
        // The whole conversation goes out before the response (session-setup.mdx#loading-a-session).
        await this.#replay(client, live.record);
        return {};
      })
      .onRequest(acp.methods.agent.session.resume, async ({ params, client }) => {
        const found = this.#find(params.sessionId, params.cwd, this.#defect !== "resumes-only-own-sessions");
        if (!found) throw acp.RequestError.sessionNotFound(params.sessionId);
        const live = this.#open(found, params.additionalDirectories);
        if (this.#defect === "replays-on-resume") await this.#replay(client, live.record);
        return {};
      })
      .onRequest(acp.methods.agent.session.list, ({ params }) => this.#list(params))
      .onRequest(acp.methods.agent.session.close, ({ params }) => {
        const live = this.#live.get(params.sessionId);
        if (!live || live.closed) throw acp.RequestError.sessionNotFound(params.sessionId);
        live.closed = true;
        live.turn?.abort();
        stopMcpServers(params.sessionId);
        return {};
      })
      .onRequest(acp.methods.agent.session.delete, ({ params }) => {
        const found = this.#find(params.sessionId, undefined, true);
        if (!found) {
          if (this.#defect === "delete-unknown-fails")
            throw acp.RequestError.sessionNotFound(params.sessionId);
          return {}; // deleting what does not exist succeeds silently (session-delete.mdx#semantics)
        }
        if (this.#defect === "delete-keeps-listed") return {};
        this.#live.get(found.sessionId)?.turn?.abort();
        this.#live.delete(found.sessionId);
        this.#store.remove(found);
        return {};
      });
  }

  /** A session this process has open, or (`fromStore`) one any process saved; the cwd must match. */
  #find(sessionId: string, cwd: string | undefined, fromStore: boolean): StoredSession | undefined {
    const live = this.#live.get(sessionId)?.record;
    if (live) return cwd === undefined || live.cwd === cwd ? live : undefined;
    if (!fromStore) return undefined;
    if (cwd !== undefined) return this.#store.read(sessionId, cwd);
    return this.#store.all().find((session) => session.sessionId === sessionId);
  }

  /** Load and resume send the complete list of additional roots again; none sent means none (session-setup.mdx#additional-workspace-roots). */
  #open(record: StoredSession, additionalDirectories: readonly string[] = []): LiveSession {
    record.additionalDirectories = [...additionalDirectories];
    const live: LiveSession = { record, turn: undefined, closed: false };
    this.#live.get(record.sessionId)?.turn?.abort();
    this.#live.set(record.sessionId, live);
    return live;
  }

  #emptyRecord(sessionId: string, cwd: string): StoredSession {
    const now = new Date().toISOString();
    return { sessionId, cwd, createdAt: now, updatedAt: now, history: [] };
  }

  async #replay(client: acp.AgentContext, record: StoredSession): Promise<void> {
    for (const message of [...record.history]) {
      await client.notify(acp.methods.client.session.update, {
        sessionId: record.sessionId,
        update: {
          sessionUpdate: message.role === "user" ? "user_message_chunk" : "agent_message_chunk",
          messageId: message.messageId,
          content: { type: "text", text: message.text },
        },
      });
    }
  }

  #list(params: acp.ListSessionsRequest): acp.ListSessionsResponse {
    const after = params.cursor == null ? undefined : decodeCursor(params.cursor);
    const cwd = this.#defect === "list-ignores-cwd" ? undefined : (params.cwd ?? undefined);
    const byId = new Map(this.#store.all(cwd).map((session) => [session.sessionId, session]));
    // Sessions this process has open are newer than their files while a turn runs.
    for (const { record } of this.#live.values())
      if (cwd === undefined || record.cwd === cwd) byId.set(record.sessionId, record);
    const sessions = [...byId.values()].sort(byCreation);
    if (sessions.length === 0 && this.#defect === "list-errors-when-empty")
      throw acp.RequestError.internalError(undefined, "no sessions");
    const start =
      after === undefined || this.#defect === "list-ignores-cursor"
        ? 0
        : sessions.findIndex((session) => byCreation(session, after) > 0);
    const page = start === -1 ? [] : sessions.slice(start, start + LIST_PAGE_SIZE);
    const last = page.at(-1);
    const more = start !== -1 && start + LIST_PAGE_SIZE < sessions.length;
    return {
      sessions: page.map((session) => ({
        sessionId: session.sessionId,
        cwd:
          this.#defect === "lists-relative-cwd" ? relative(process.cwd(), session.cwd) || "." : session.cwd,
        ...(session.title === undefined ? {} : { title: session.title }),
        ...(session.additionalDirectories?.length
          ? {
              additionalDirectories: session.additionalDirectories.map((dir) =>
                this.#defect === "lists-relative-additional-directories"
                  ? relative(process.cwd(), dir) || "."
                  : dir,
              ),
            }
          : {}),
        updatedAt:
          this.#defect === "lists-local-time" ? new Date(session.updatedAt).toString() : session.updatedAt,
      })),
      ...(more && last
        ? { nextCursor: encodeCursor({ createdAt: last.createdAt, sessionId: last.sessionId }) }
        : {}),
    };
  }
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** An invalid cursor is an error (session-list.mdx#pagination: agents SHOULD return one). */
function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof cursor.createdAt === "string" && typeof cursor.sessionId === "string")
      return { createdAt: cursor.createdAt, sessionId: cursor.sessionId };
  } catch {
    // falls through to the error
  }
  throw acp.RequestError.invalidParams({ cursor: text }, "invalid cursor");
}
