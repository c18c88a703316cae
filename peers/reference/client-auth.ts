/**
 * How the reference client authenticates: when the agent answers -32000 (auth_required), it
 * calls authenticate with the first advertised method it can run over the protocol (type
 * "agent" or no type; never a terminal method, which it does not support) and asks once more.
 * After logout (which it does only when the agent advertised auth.logout, and only on the kit's
 * cue, as a user signing out would), a session operation answered -32000 makes it authenticate
 * again the same way.
 */
import * as acp from "@agentclientprotocol/sdk";

const AUTH_REQUIRED = -32000;

/** The scenario of the kit's that plays a user signing out before the prompt. */
const LOGOUT_CUE = "logout-then-prompt";

const authRequired = (error: unknown) => error instanceof acp.RequestError && error.code === AUTH_REQUIRED;

/** Runs `call`; on auth_required, authenticates with an agent-type method and runs it once more. */
async function withAuthentication<T>(
  connection: acp.ClientContext,
  init: acp.InitializeResponse,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!authRequired(error)) throw error;
    const method = (init.authMethods ?? []).find(
      (candidate) => !("type" in candidate) || (candidate.type as string | undefined) === "agent",
    );
    if (!method)
      throw new Error("the agent requires authentication, and offers no method this client can run");
    await connection.request(acp.AGENT_METHODS.authenticate, { methodId: method.id });
    return call();
  }
}

/** session/new, authenticating first when the agent requires it. */
export function newSession(
  connection: acp.ClientContext,
  init: acp.InitializeResponse,
  params: acp.NewSessionRequest,
): Promise<acp.NewSessionResponse> {
  return withAuthentication(connection, init, () =>
    connection.request(acp.AGENT_METHODS.session_new, params),
  );
}

/** session/prompt, after logging out on the kit's cue, and authenticating again when the agent requires it. */
export async function prompt(
  connection: acp.ClientContext,
  init: acp.InitializeResponse,
  params: acp.PromptRequest,
  requestOptions?: { cancellationSignal?: AbortSignal },
): Promise<acp.PromptResponse> {
  const logout = init.agentCapabilities?.auth?.logout;
  if (logout !== undefined && logout !== null && process.env.ACP_CONFORMANCE_SCENARIO?.endsWith(LOGOUT_CUE))
    await connection.request(acp.AGENT_METHODS.logout, {});
  return withAuthentication(connection, init, () =>
    connection.request(acp.AGENT_METHODS.session_prompt, params, requestOptions),
  );
}
