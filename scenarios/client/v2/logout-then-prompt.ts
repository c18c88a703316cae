/**
 * authentication (v2), active sessions: as v1's logoutScenario (../authentication.ts). The kit's
 * v2 agent advertises an agent method (so auth/logout is available: v2 has no logout marker) and
 * requires it; after the client's auth/logout, its session/new and session/prompt are answered
 * -32000 (auth_required) until it logs in again (authentication.mdx#active-sessions: clients
 * should be prepared for that). Nothing in one turn makes a client log out by itself, so a
 * cooperating client does it on the kit's cue, the scenario id ending with `logout-then-prompt`;
 * a client that never logs out is not tested. It must neither crash nor hang on the error.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { crashSignature } from "../crash-signatures.js";
import { clientMessages, describeExit, runClient, succeeded } from "../driver.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const requirement = "client.initialization.survives-auth-error-after-logout";
const AGENT_METHOD = { type: "agent", methodId: "kit-login", name: "Log in with the kit" };
/** The scenario's id ends with this (as v1's): a cooperating client logs out before its prompt. */
const LOGOUT_CUE = "logout-then-prompt";

export const logoutThenPromptV2Scenario: Scenario = {
  id: `client.v2.initialization.${LOGOUT_CUE}`,
  title:
    "after the client's auth/logout, its session operations are answered -32000 (auth_required), and it neither crashes nor hangs",
  mode: "client",
  requirements: [requirement],
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([{ message: nonce("after-logout-v2") }, { stop: "end_turn" }], {
        initialize: { authMethods: [AGENT_METHOD] },
        requireAuth: [AGENT_METHOD.methodId],
      }),
    );
    recordGenericClientV2Checks(context, run);
    const messages = clientMessages(run);
    const logout = messages.findIndex((message) => message.method === "auth/logout");
    const unlock = `log out (auth/logout) when ACP_CONFORMANCE_SCENARIO ends with "${LOGOUT_CUE}" (as a user would), then go on with the session`;
    if (logout === -1) {
      context.check({
        requirement,
        verdict: "not-tested",
        message: `not exercised: the client never called auth/logout (${describeExit(run)}), and nothing in one turn makes a client do so by itself`,
        unlock,
      });
      return;
    }
    const after = messages.slice(logout + 1);
    const loggedIn = after.findIndex((message) => message.method === "auth/login");
    const failed = (loggedIn === -1 ? after : after.slice(0, loggedIn)).filter((message) =>
      ["session/new", "session/prompt"].includes(String(message.method)),
    );
    if (failed.length === 0) {
      context.check({
        requirement,
        verdict: "not-tested",
        message: `not exercised: after auth/logout the client sent no session operation before logging in again, so no auth error reached it (${describeExit(run)})`,
        unlock,
      });
      return;
    }
    const crash = crashSignature(run.output);
    const what = `after auth/logout, its ${failed.map((message) => String(message.method)).join(", ")} answered -32000`;
    const wrong =
      run.timedOut || run.exit?.signal
        ? describeExit(run)
        : crash !== undefined
          ? `the client crashed (its output shows ${crash}); ${describeExit(run)}`
          : undefined;
    context.check(
      wrong
        ? {
            requirement,
            verdict: "fail",
            message: `${what}: ${wrong}; expected it to go on (log in again) or to fail cleanly`,
            evidence: { stderrTail: run.stderrTail },
          }
        : {
            requirement,
            verdict: "pass",
            message: `${what}, the client ${succeeded(run) ? `${loggedIn === -1 ? "still" : "logged in again and"} completed its turn` : `failed cleanly (${describeExit(run)}) without a crash`}`,
          },
    );
  },
};
