/**
 * What the reference client does with v2's session methods when its user opens the session
 * history (the kit's test hook: the run of scenarios/client/v2/sessions.ts), as the v1 client
 * does with the ones an agent advertises (../client-sessions.ts): it lists the sessions of its
 * cwd, following nextCursor exactly as given until an answer has none; it resumes the session
 * `--session` names (session/resume, v2's replacement for session/load, replaying from the start,
 * in its own cwd) or else creates one; extra roots (`--add-dir`) go absolute in either request
 * when the agent advertised session.additionalDirectories; after the turn it closes the session
 * and, when session.delete is advertised, deletes one it created for its one turn, or, having
 * resumed one, the oldest other session the listing showed (the user tidying the history).
 */
import type { SessionOptions } from "../client-sessions.js";

type Frame = Record<string, unknown>;
type Request = (method: string, params: Frame) => Promise<unknown>;

/** The kit's hook: the user opens the session history in this run. */
export const opensSessionHistory = () =>
  process.env.ACP_CONFORMANCE_SCENARIO === "client.v2.sessions.history";

const present = (value: unknown) => value !== undefined && value !== null;

export class SessionsV2 {
  readonly #options: SessionOptions;
  readonly #session: Frame;
  #created = false;
  /** The session ids the listing showed, newest first as the agent ordered them. */
  readonly #listed: string[] = [];

  constructor(options: SessionOptions, capabilities: unknown) {
    this.#options = options;
    this.#session = ((capabilities as { session?: Frame | null } | undefined)?.session ?? {}) as Frame;
  }

  /** Lists, then resumes the named session or creates one with `newSession`; returns its id. */
  async open(
    request: Request,
    cwd: string,
    mcpServers: Frame[],
    expect: (sessionId: string) => void,
    newSession: (extra: Frame) => Promise<unknown>,
  ): Promise<unknown> {
    await this.#list(request, cwd);
    const roots =
      present(this.#session.additionalDirectories) && this.#options.roots.length > 0
        ? { additionalDirectories: this.#options.roots }
        : {};
    const reopen = this.#options.reopen;
    if (reopen === undefined) {
      this.#created = true;
      return newSession(roots);
    }
    expect(reopen); // the replay comes before the answer
    await request("session/resume", {
      sessionId: reopen,
      cwd,
      replayFrom: { type: "start" },
      ...(mcpServers.length > 0 ? { mcpServers } : {}),
      ...roots,
    });
    return { sessionId: reopen };
  }

  /** Every page of the sessions in `cwd`; a listing that fails only ends the listing. */
  async #list(request: Request, cwd: string): Promise<void> {
    let cursor: unknown;
    try {
      do {
        const page = (await request("session/list", {
          cwd,
          ...(typeof cursor === "string" ? { cursor } : {}),
        })) as { nextCursor?: unknown } | undefined;
        for (const listed of Array.isArray((page as { sessions?: unknown })?.sessions)
          ? (page as { sessions: Array<{ sessionId?: unknown }> }).sessions
          : [])
          if (typeof listed?.sessionId === "string") this.#listed.push(listed.sessionId);
        cursor = page?.nextCursor;
      } while (typeof cursor === "string");
    } catch {
      // a history this client cannot show is no reason to fail the turn
    }
  }

  /** After the turn: close the session, then delete it if this client made it; the turn is done either way. */
  async finish(request: Request, sessionId: string): Promise<void> {
    const settle = (pending: Promise<unknown>) => pending.catch(() => undefined);
    await settle(request("session/close", { sessionId }));
    if (!present(this.#session.delete)) return;
    const tidied = this.#created
      ? sessionId
      : [...this.#listed].reverse().find((listed) => listed !== sessionId);
    if (tidied !== undefined) await settle(request("session/delete", { sessionId: tidied }));
  }
}
