/**
 * The v2 reference agent's sessions: what session/list, session/resume (with replay) and
 * session/close need, and the one foreground turn each session may have at a time. v2 makes
 * list, resume and close part of the baseline an agent owes once it advertises sessions.
 */
import { randomUUID } from "node:crypto";
import * as acp from "@agentclientprotocol/sdk/experimental/v2";

/** One message of a session's history, replayed by session/resume from the start. */
export interface HistoryMessage {
  role: "user" | "agent";
  messageId: string;
  text: string;
}

export interface ReferenceSessionV2 {
  readonly sessionId: string;
  readonly cwd: string;
  readonly history: HistoryMessage[];
  /** The extra roots the last session/new or session/resume activated (never restored from earlier). */
  additionalDirectories: string[];
  /** The session's config options as the client last set them (config-options.ts). */
  config: Record<string, string | boolean>;
  updatedAt: string;
  /** The foreground turn running now, aborted by session/cancel or session/close. */
  turn: AbortController | undefined;
  open: boolean;
}

export class ReferenceSessionsV2 {
  readonly #sessions = new Map<string, ReferenceSessionV2>();

  create(cwd: string, additionalDirectories: string[] = []): ReferenceSessionV2 {
    const session: ReferenceSessionV2 = {
      sessionId: `v2-${randomUUID()}`,
      cwd,
      history: [],
      additionalDirectories,
      config: {},
      updatedAt: new Date().toISOString(),
      turn: undefined,
      open: true,
    };
    this.#sessions.set(session.sessionId, session);
    return session;
  }

  /** A known session, or the SDK's session-not-found error. */
  get(sessionId: string): ReferenceSessionV2 {
    const session = this.#sessions.get(sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(sessionId);
    return session;
  }

  list(cwd: string | undefined | null): acp.SessionInfo[] {
    return [...this.#sessions.values()]
      .filter((session) => cwd == null || session.cwd === cwd)
      .map((session) => ({
        sessionId: session.sessionId,
        cwd: session.cwd,
        updatedAt: session.updatedAt,
        ...(session.additionalDirectories.length > 0
          ? { additionalDirectories: session.additionalDirectories }
          : {}),
      }));
  }

  /** session/delete: gone from the listing; an id never created (or deleted already) is no error. */
  delete(sessionId: string): void {
    this.#sessions.get(sessionId)?.turn?.abort();
    this.#sessions.delete(sessionId);
  }

  record(session: ReferenceSessionV2, message: HistoryMessage): void {
    session.history.push(message);
    session.updatedAt = new Date().toISOString();
  }
}
