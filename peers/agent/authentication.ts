/**
 * The mock agent's authentication state: with `requireAuth`, session/new answers -32000
 * (auth_required) until authenticate names one of those method ids; when the script
 * advertises agentCapabilities.auth.logout, logout ends the authenticated state, after which
 * session/new and session/prompt answer -32000 again until the client authenticates anew
 * (authentication.mdx#active-sessions allows an agent exactly that).
 */
import type { AgentScript } from "../script-types.js";

type Reply = { result: unknown } | { error: { code: number; message: string } };

const AUTH_REQUIRED: Reply = { error: { code: -32000, message: "Authentication required" } };

export class AgentAuthentication {
  readonly #script: AgentScript;
  #authenticated = false;
  #loggedOut = false;

  constructor(script: AgentScript) {
    this.#script = script;
  }

  /** The -32000 answer when `method` needs an authentication the client has not (or no longer) done. */
  gate(method: string): Reply | undefined {
    if (method === "session/new" && this.#script.requireAuth?.length && !this.#authenticated)
      return AUTH_REQUIRED;
    if ((method === "session/new" || method === "session/prompt") && this.#loggedOut) return AUTH_REQUIRED;
    return undefined;
  }

  authenticate(params: Record<string, unknown>): Reply {
    if (!(this.#script.requireAuth ?? []).includes(String(params.methodId)))
      return {
        error: { code: -32602, message: `Invalid params: unknown methodId ${String(params.methodId)}` },
      };
    this.#authenticated = true;
    this.#loggedOut = false;
    return { result: {} };
  }

  logout(): Reply {
    const auth = this.#script.initialize?.agentCapabilities?.auth as { logout?: unknown } | undefined;
    if (auth?.logout === undefined || auth.logout === null)
      return { error: { code: -32601, message: "Method not found: logout" } };
    this.#authenticated = false;
    this.#loggedOut = true;
    return { result: {} };
  }
}
