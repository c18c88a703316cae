/**
 * The v2 reference agent's authentication, acted out as v1's reference does with `logoutEndsLogin`
 * (../auth-state.ts): it starts logged in (stored credentials), auth/logout ends the login so new
 * sessions are refused with auth_required (-32000), and auth/login with its `agent` method logs in
 * again. A client that advertised capabilities.auth.terminal is also offered the terminal login
 * (agent-main.ts handles its `--login` argument before speaking ACP).
 */
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { REFERENCE_AUTH_METHOD } from "../auth-method.js";
import { TERMINAL_LOGIN_ARG } from "../auth-state.js";

/** The protocol-driven method: its id is v1's, so the CLI's default --auth-method for the bundled agent fits both. */
const AGENT_LOGIN: acp.AuthMethod = {
  methodId: REFERENCE_AUTH_METHOD.id,
  name: "Reference login",
  type: "agent",
  description: "Always succeeds: the reference agent needs no credentials",
};

const TERMINAL_LOGIN: acp.AuthMethod = {
  methodId: "reference-terminal-login",
  name: "Log in from a terminal",
  type: "terminal",
  args: [TERMINAL_LOGIN_ARG],
  env: [{ name: "ACP_CONFORMANCE_REFERENCE_LOGIN", value: "1" }],
};

export class ReferenceAuthV2 {
  #loggedIn = true;

  /** The terminal method only for a client that can run it (authentication.mdx). */
  methods(params: acp.InitializeRequest): acp.AuthMethod[] {
    return params.capabilities?.auth?.terminal != null ? [AGENT_LOGIN, TERMINAL_LOGIN] : [AGENT_LOGIN];
  }

  /** Only the agent method: a terminal method is never passed to auth/login, an unknown id is refused. */
  login(params: acp.LoginAuthRequest): acp.LoginAuthResponse {
    if (params.methodId !== AGENT_LOGIN.methodId)
      throw acp.RequestError.invalidParams({ methodId: params.methodId }, "no such auth/login method");
    this.#loggedIn = true;
    return {};
  }

  logout(): acp.LogoutAuthResponse {
    this.#loggedIn = false;
    return {};
  }

  /** Before creating a session: refused with auth_required while logged out. */
  requireLogin(): void {
    if (!this.#loggedIn) throw acp.RequestError.authRequired(undefined, "logged out: auth/login again");
  }
}
