/**
 * What the reference client does with the session methods an agent advertises, around its one
 * prompt turn:
 *
 * - `--session <id>`: it reopens that session instead of creating one: session/load when the
 *   agent advertises loadSession (the replay arrives before the answer, so the id is known to
 *   the update handler first), else session/resume when it advertises sessionCapabilities.resume,
 *   else session/new as usual. A reopened session is in the client's own cwd.
 * - `--add-dir <path>` (repeatable): extra workspace roots, sent absolute in session/new, load
 *   and resume, only when the agent advertises sessionCapabilities.additionalDirectories.
 * - sessionCapabilities.list: before it opens its session it lists the sessions of its cwd,
 *   following nextCursor, exactly as given, until an answer has none (a history picker would).
 * - sessionCapabilities.close: it closes its session after the turn.
 * - sessionCapabilities.delete: a session it created for its one turn it then deletes, leaving
 *   no history behind; a session it was asked to reopen it keeps.
 */
import { resolve } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { methods } from "@agentclientprotocol/sdk";
import { referenceMcpServers } from "./turn-context.js";

export interface SessionOptions {
  /** The session to reopen (`--session`). */
  reopen?: string;
  /** Extra workspace roots (`--add-dir`). */
  roots: string[];
}

/** Takes `--session <id>` and every `--add-dir <path>` out of `args`. */
export function takeSessionOptions(args: string[]): SessionOptions {
  const options: SessionOptions = { roots: [] };
  for (let index = args.indexOf("--session"); index !== -1; index = args.indexOf("--session"))
    options.reopen = args.splice(index, 2)[1];
  for (let index = args.indexOf("--add-dir"); index !== -1; index = args.indexOf("--add-dir"))
    options.roots.push(resolve(args.splice(index, 2)[1] ?? "."));
  return options;
}

type Capabilities = NonNullable<acp.InitializeResponse["agentCapabilities"]>;

const offers = (
  capabilities: Capabilities,
  key: "list" | "resume" | "close" | "delete" | "additionalDirectories",
) =>
  capabilities.sessionCapabilities?.[key] !== undefined && capabilities.sessionCapabilities?.[key] !== null;

/** The session side of one turn: `open` before the prompt, `finish` after it. */
export class TurnSessions {
  readonly #options: SessionOptions;
  #capabilities: Capabilities = {};
  #created = false;

  constructor(options: SessionOptions) {
    this.#options = options;
  }

  /** `--session` and `--add-dir`, for the v2 turn (v2/client-sessions-v2.ts). */
  get options(): SessionOptions {
    return this.#options;
  }

  /**
   * Opens the turn's session and returns the agent's answer with its id; `expect` learns the id
   * before any update of it can arrive; `newSession` sends session/new (authenticating around
   * it when the agent requires it).
   */
  async open(
    connection: acp.ClientContext,
    init: acp.InitializeResponse,
    cwd: string,
    expect: (sessionId: string) => void,
    newSession: (params: acp.NewSessionRequest) => Promise<acp.NewSessionResponse>,
  ): Promise<acp.NewSessionResponse> {
    const capabilities = init.agentCapabilities ?? {};
    this.#capabilities = capabilities;
    if (offers(capabilities, "list")) await this.#list(connection, cwd);
    const roots =
      offers(capabilities, "additionalDirectories") && this.#options.roots.length > 0
        ? { additionalDirectories: this.#options.roots }
        : {};
    const reopen = this.#options.reopen;
    if (reopen !== undefined && capabilities.loadSession === true) {
      expect(reopen);
      const loaded = await connection.request(methods.agent.session.load, {
        sessionId: reopen,
        cwd,
        mcpServers: referenceMcpServers(),
        ...roots,
      });
      return { ...loaded, sessionId: reopen };
    }
    if (reopen !== undefined && offers(capabilities, "resume")) {
      expect(reopen);
      const resumed = await connection.request(methods.agent.session.resume, {
        sessionId: reopen,
        cwd,
        mcpServers: referenceMcpServers(),
        ...roots,
      });
      return { ...resumed, sessionId: reopen };
    }
    const created = await newSession({ cwd, mcpServers: referenceMcpServers(), ...roots });
    this.#created = true;
    expect(created.sessionId);
    return created;
  }

  /** Every page of the sessions in `cwd`; a listing that fails only ends the listing. */
  async #list(connection: acp.ClientContext, cwd: string): Promise<void> {
    let cursor: string | undefined;
    try {
      do {
        const page = await connection.request(methods.agent.session.list, {
          cwd,
          ...(cursor ? { cursor } : {}),
        });
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
    } catch {
      // a history this client cannot show is no reason to fail the turn
    }
  }

  /** After the turn: close the session, then delete it if this client made it; the turn is done either way. */
  async finish(connection: acp.ClientContext, sessionId: string): Promise<void> {
    const settle = (request: Promise<unknown>) => request.catch(() => undefined);
    if (offers(this.#capabilities, "close"))
      await settle(connection.request(methods.agent.session.close, { sessionId }));
    if (this.#created && offers(this.#capabilities, "delete"))
      await settle(connection.request(methods.agent.session.delete, { sessionId }));
  }
}
