/**
 * The reference agent's authenticated state. By default it needs no credentials: authenticate
 * and logout succeed and change nothing. With `logoutEndsLogin` it acts like an agent with stored
 * credentials: logged in when it starts, so no client needs to authenticate; logged out by
 * `logout`, after which new sessions are refused with auth_required (-32000) until
 * `authenticate` succeeds. With `terminalLogin`, a client that advertised `auth.terminal` is also
 * offered a terminal login: the same program started with `--login`, which logs in and exits
 * without serving ACP (runTerminalLoginIfAsked). The bundled agent (agent-main.ts) does both.
 */
import * as acp from "@agentclientprotocol/sdk";
import { REFERENCE_AUTH_METHOD } from "./session-config.js";

/** Appended to the agent's own command by a client that runs the terminal login. */
export const TERMINAL_LOGIN_ARG = "--login";

export const REFERENCE_TERMINAL_LOGIN: acp.AuthMethod = {
  id: "reference-terminal-login",
  name: "Log in from a terminal",
  description: "Runs the reference agent's login-only flow, which needs no input and exits",
  type: "terminal",
  args: [TERMINAL_LOGIN_ARG],
  env: { ACP_CONFORMANCE_REFERENCE_LOGIN: "1" },
};

export interface ReferenceAuthOptions {
  terminalLogin?: boolean;
  logoutEndsLogin?: boolean;
}

export class ReferenceAuth {
  #loggedIn = true;
  readonly #terminalLogin: boolean;
  readonly #logoutEndsLogin: boolean;

  /** `terminalLogin`: this program handles TERMINAL_LOGIN_ARG, so it may offer the terminal method. */
  constructor(options: ReferenceAuthOptions = {}) {
    this.#terminalLogin = options.terminalLogin ?? false;
    this.#logoutEndsLogin = options.logoutEndsLogin ?? false;
  }

  /** The authMethods of the initialize result: the terminal login only for a client that can run it. */
  methods(params: acp.InitializeRequest): acp.AuthMethod[] {
    const terminal = this.#terminalLogin && params.clientCapabilities?.auth?.terminal === true;
    return terminal ? [REFERENCE_AUTH_METHOD, REFERENCE_TERMINAL_LOGIN] : [REFERENCE_AUTH_METHOD];
  }

  /** authenticate: only the protocol-driven method; a terminal method is never passed to authenticate. */
  authenticate(params: acp.AuthenticateRequest): acp.AuthenticateResponse {
    if (params.methodId !== REFERENCE_AUTH_METHOD.id)
      throw acp.RequestError.invalidParams({ methodId: params.methodId }, "unknown authentication method");
    this.#loggedIn = true;
    return {};
  }

  logout(): acp.LogoutResponse {
    if (this.#logoutEndsLogin) this.#loggedIn = false;
    return {};
  }

  /** Called before creating a session: refused with auth_required while logged out. */
  requireLogin(): void {
    if (!this.#loggedIn) throw acp.RequestError.authRequired(undefined, "logged out: authenticate again");
  }
}

/**
 * The terminal login: when the program was started with TERMINAL_LOGIN_ARG it says so on the
 * terminal and exits 0 (the reference needs no credentials), never speaking ACP.
 */
export function runTerminalLoginIfAsked(argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes(TERMINAL_LOGIN_ARG)) return;
  process.stdout.write("acp-conformance reference agent: logged in.\n");
  process.exit(0);
}
