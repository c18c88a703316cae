/**
 * initialization, authentication: the kit's agent requires authentication (session/new is
 * answered -32000 until authenticate names its agent-type method), and advertises a terminal
 * method first, so a client that takes the first method it sees, or asks again without
 * authenticating, is seen doing so. Then logout: the agent advertises auth.logout, and a client
 * that logs out (cued as a person would, through ACP_CONFORMANCE_SCENARIO, since nothing in one
 * turn makes a client log out by itself) gets -32000 for its session operations until it
 * authenticates again; it must neither crash nor hang on that.
 *
 * A client that can authenticate only through a person (a browser login, a terminal shown to a
 * user) never asks again in a black-box run: what needs that retry is not tested, and says so.
 * Terminal login itself (rerunning the agent with the method's args) is not judged here.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { crashSignature } from "./crash-signatures.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";
import { recordNoModesOffered } from "./session-config.js";

type Message = Record<string, unknown>;

const AGENT_METHOD = {
  id: "kit-agent-login",
  name: "Kit agent login",
  description: "The agent signs in by itself",
};
/**
 * Listed first, and offered whatever the client advertised (the docs let an agent offer it only
 * to a client with auth.terminal: a defect the kit's agent plays on purpose), so that a client
 * passing it to authenticate is seen.
 */
const TERMINAL_METHOD = {
  id: "kit-terminal-login",
  name: "Log in from a terminal",
  type: "terminal",
  args: ["--kit-terminal-login"],
  env: { ACP_KIT_TERMINAL_LOGIN: "1" },
};
const ADVERTISED = [TERMINAL_METHOD.id, AGENT_METHOD.id];

const params = (message: Message): Message =>
  typeof message.params === "object" && message.params !== null ? (message.params as Message) : {};
const shown = (message: Message) => JSON.stringify(message).slice(0, 500);
const NO_PERSON =
  "a client that needs a person to authenticate (a browser or terminal login) cannot be tested by a black-box run";

function recordAuthChecks(context: ScenarioContext, run: ClientRun): void {
  const messages = clientMessages(run);
  const authenticates = messages.filter((message) => message.method === "authenticate");
  const never = `the client never called authenticate after session/new was answered -32000 (${describeExit(run)}); ${NO_PERSON}`;

  const unadvertised = authenticates.find(
    (message) => !ADVERTISED.includes(String(params(message).methodId)),
  );
  if (unadvertised)
    context.check({
      requirement: "client.initialization.authenticate-advertised-id",
      verdict: "fail",
      message: `the client called authenticate with methodId ${JSON.stringify(params(unadvertised).methodId)}, which the agent never advertised (${ADVERTISED.join(", ")})`,
      evidence: { details: [shown(unadvertised)] },
    });
  else if (authenticates.length === 0)
    checkNotExercised(context, "client.initialization.authenticate-advertised-id", never);
  else
    context.check({
      requirement: "client.initialization.authenticate-advertised-id",
      verdict: "pass",
      message: `each of the client's ${authenticates.length} authenticate named an advertised method (${authenticates.map((message) => String(params(message).methodId)).join(", ")})`,
    });

  const terminal = authenticates.find((message) => params(message).methodId === TERMINAL_METHOD.id);
  if (terminal)
    context.check({
      requirement: "client.initialization.no-authenticate-terminal-method",
      verdict: "fail",
      message: `the client passed the terminal method ${TERMINAL_METHOD.id} to authenticate; a terminal method is run as a login process, never over ACP`,
      evidence: { details: [shown(terminal)] },
    });
  else if (authenticates.length === 0)
    checkNotExercised(context, "client.initialization.no-authenticate-terminal-method", never);
  else
    context.check({
      requirement: "client.initialization.no-authenticate-terminal-method",
      verdict: "pass",
      message: `offered a terminal method first and an agent method second, the client authenticated only with ${[...new Set(authenticates.map((message) => String(params(message).methodId)))].join(", ")}`,
    });

  // The agent answers the first session/new -32000: what the client sends before it asks again.
  const first = messages.findIndex((message) => message.method === "session/new");
  const again = messages.findIndex((message, index) => index > first && message.method === "session/new");
  const requirement = "client.initialization.authenticates-when-required";
  if (first === -1 || again === -1) {
    checkNotExercised(
      context,
      requirement,
      `the client did not call session/new again after it was answered -32000 (${describeExit(run)}); ${NO_PERSON}`,
    );
    return;
  }
  const between = messages.slice(first + 1, again).filter((message) => message.method === "authenticate");
  context.check(
    between.length > 0
      ? {
          requirement,
          verdict: "pass",
          message: `after -32000 to session/new, the client called authenticate (${String(params(between[0]!).methodId)}) before asking again`,
        }
      : {
          requirement,
          verdict: "fail",
          message:
            "after -32000 (auth_required) to session/new, the client called session/new again without authenticating first",
          evidence: { details: [shown(messages[again]!)] },
        },
  );
}

export const authRequiredScenario: Scenario = {
  id: "client.initialization.auth-required",
  title:
    "the agent answers session/new -32000 until authenticate; the client authenticates with its agent method (not the terminal one) before asking again",
  mode: "client",
  requirements: [
    "client.initialization.authenticate-advertised-id",
    "client.initialization.no-authenticate-terminal-method",
    "client.initialization.authenticates-when-required",
    "client.capabilities.set-mode-offered",
  ],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ message: nonce("authenticated") }, { stop: "end_turn" }], {
        initialize: { authMethods: [TERMINAL_METHOD, AGENT_METHOD] },
        requireAuth: [AGENT_METHOD.id],
      }),
    );
    recordGenericClientChecks(context, run);
    recordAuthChecks(context, run);
    recordNoModesOffered(context, run);
  },
};

/** The scenario's id ends with this: a cooperating client logs out before its prompt. */
export const LOGOUT_CUE = "logout-then-prompt";

export const logoutScenario: Scenario = {
  id: `client.initialization.${LOGOUT_CUE}`,
  title:
    "the agent advertises auth.logout; after the client logs out, its session operations are answered -32000, and it neither crashes nor hangs",
  mode: "client",
  requirements: ["client.initialization.survives-auth-error-after-logout"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([{ message: nonce("after-logout") }, { stop: "end_turn" }], {
        initialize: {
          agentCapabilities: { loadSession: false, auth: { logout: {} } },
          authMethods: [AGENT_METHOD],
        },
        requireAuth: [AGENT_METHOD.id],
      }),
    );
    recordGenericClientChecks(context, run);
    const requirement = "client.initialization.survives-auth-error-after-logout";
    const messages = clientMessages(run);
    const logout = messages.findIndex((message) => message.method === "logout");
    const unlock = `log out when ACP_CONFORMANCE_SCENARIO ends with "${LOGOUT_CUE}" (as a user would), then go on with the session`;
    if (logout === -1) {
      context.check({
        requirement,
        verdict: "not-tested",
        message: `not exercised: the client never logged out (${describeExit(run)}), and nothing in one turn makes a client do so by itself`,
        unlock,
      });
      return;
    }
    const after = messages.slice(logout + 1);
    const reauthenticated = after.findIndex((message) => message.method === "authenticate");
    const failed = (reauthenticated === -1 ? after : after.slice(0, reauthenticated)).filter((message) =>
      ["session/new", "session/prompt"].includes(String(message.method)),
    );
    if (failed.length === 0) {
      context.check({
        requirement,
        verdict: "not-tested",
        message: `not exercised: after logout the client sent no session operation before authenticating again, so no auth error reached it (${describeExit(run)})`,
        unlock,
      });
      return;
    }
    const crash = crashSignature(run.output);
    const what = `after logout, its ${failed.map((message) => String(message.method)).join(", ")} answered -32000`;
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
            message: `${what}: ${wrong}; expected it to go on (authenticate again) or to fail cleanly`,
            evidence: { stderrTail: run.stderrTail },
          }
        : {
            requirement,
            verdict: "pass",
            message: `${what}, the client ${succeeded(run) ? `${reauthenticated === -1 ? "still" : "authenticated again and"} completed its turn` : `failed cleanly (${describeExit(run)}) without a crash`}`,
          },
    );
  },
};
