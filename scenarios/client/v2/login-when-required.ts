/**
 * authentication (v2): the kit's v2 agent advertises one method of type agent and answers
 * session/new -32000 (auth_required) until auth/login names it (authentication.mdx). What the
 * client sends between the refused session/new and its next one is judged, as v1's
 * authentication.ts judges authenticate; a client that never asks again (it needs a person to log
 * in) is not tested.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { clientMessages, describeExit, runClient } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const requirement = "client.v2.initialization.logs-in-when-required";
const AGENT_METHOD = { type: "agent", methodId: "kit-login", name: "Log in with the kit" };

export const loginWhenRequiredV2Scenario: Scenario = {
  id: "client.v2.initialization.login-when-required",
  title: "the agent answers session/new auth_required until the client logs in with its agent method",
  mode: "client",
  requirements: [requirement],
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([{ message: nonce("logged-in") }, { stop: "end_turn" }], {
        initialize: { authMethods: [AGENT_METHOD] },
        requireAuth: [AGENT_METHOD.methodId],
      }),
    );
    recordGenericClientV2Checks(context, run);
    const messages = clientMessages(run);
    const first = messages.findIndex((message) => message.method === "session/new");
    const again = messages.findIndex((message, index) => index > first && message.method === "session/new");
    if (first === -1 || again === -1) {
      checkNotExercised(
        context,
        requirement,
        `the client did not call session/new again after it was answered -32000 (${describeExit(run)}); a client that needs a person to log in is not tested`,
      );
      return;
    }
    const login = messages
      .slice(first + 1, again)
      .find(
        (message) =>
          message.method === "auth/login" &&
          (message.params as { methodId?: unknown } | undefined)?.methodId === AGENT_METHOD.methodId,
      );
    context.check(
      login
        ? {
            requirement,
            verdict: "pass",
            message: `after -32000 to session/new, the client called auth/login (${AGENT_METHOD.methodId}) before asking again`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `after -32000 (auth_required) to session/new, the client called session/new again without auth/login with the advertised agent method ${AGENT_METHOD.methodId}`,
            evidence: { details: [JSON.stringify(messages.slice(first, again + 1)).slice(0, 500)] },
          },
    );
  },
};
