/**
 * authentication (v2): the kit's v2 agent advertises three methods, one of a custom type
 * (`_kit_auth`), one of type terminal and one of type agent, in that order, and answers
 * session/new -32000 (auth_required) until auth/login names the agent one (authentication.mdx).
 * The terminal method is offered whatever the client advertised (the spec lets an agent offer it
 * only to a client with `capabilities.auth.terminal`: a defect the kit's agent plays on purpose,
 * as v1's authentication.ts does), so that a client passing it to auth/login is seen; so is one
 * that takes the first method it sees, whose type it cannot know, or a methodId never advertised.
 *
 * A client that never calls auth/login (it needs a person to log in, or runs the terminal login)
 * is not tested here; a terminal login itself is not judged.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { clientMessages, describeExit, runClient } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

type Message = Record<string, unknown>;

const CUSTOM_METHOD = { type: "_kit_auth", methodId: "kit-custom-login", name: "Log in the kit's own way" };
const TERMINAL_METHOD = {
  type: "terminal",
  methodId: "kit-terminal-login",
  name: "Log in from a terminal",
  args: ["--kit-terminal-login"],
  env: [{ name: "ACP_KIT_TERMINAL_LOGIN", value: "1" }],
};
const AGENT_METHOD = { type: "agent", methodId: "kit-login", name: "Log in with the kit" };
const ADVERTISED = [CUSTOM_METHOD, TERMINAL_METHOD, AGENT_METHOD].map((method) => method.methodId);

const REQUIREMENTS = [
  "client.v2.initialization.login-advertised-method",
  "client.v2.initialization.no-login-for-terminal",
  "client.v2.initialization.unknown-auth-type-ignored",
] as const satisfies readonly RequirementId[];

const methodIdOf = (message: Message) => (message.params as { methodId?: unknown } | undefined)?.methodId;
const shown = (message: Message) => JSON.stringify(message).slice(0, 500);

/** Fails `requirement` on the first login `wrong` picks out, else passes with `passed`. */
function judgeLogins(
  context: ScenarioContext,
  requirement: RequirementId,
  logins: Message[],
  wrong: (message: Message) => boolean,
  failed: (message: Message) => string,
  passed: string,
): void {
  const bad = logins.find(wrong);
  context.check(
    bad
      ? { requirement, verdict: "fail", message: failed(bad), evidence: { details: [shown(bad)] } }
      : { requirement, verdict: "pass", message: passed },
  );
}

export const authMethodsV2Scenario: Scenario = {
  id: "client.v2.initialization.auth-methods",
  title:
    "the agent advertises a _kit_auth, a terminal and an agent method and requires auth: the client logs in only with the agent one",
  mode: "client",
  requirements: [...REQUIREMENTS],
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([{ message: nonce("logged-in-by-type") }, { stop: "end_turn" }], {
        initialize: { authMethods: [CUSTOM_METHOD, TERMINAL_METHOD, AGENT_METHOD] },
        requireAuth: [AGENT_METHOD.methodId],
      }),
    );
    recordGenericClientV2Checks(context, run);
    const logins = clientMessages(run).filter((message) => message.method === "auth/login");
    if (logins.length === 0) {
      for (const requirement of REQUIREMENTS)
        checkNotExercised(
          context,
          requirement,
          `the client never called auth/login after session/new was answered -32000 (${describeExit(run)}); a client that needs a person to log in is not tested`,
        );
      return;
    }
    const ids = [...new Set(logins.map((message) => JSON.stringify(methodIdOf(message))))].join(", ");
    judgeLogins(
      context,
      "client.v2.initialization.login-advertised-method",
      logins,
      (message) => !ADVERTISED.includes(methodIdOf(message) as string),
      (message) =>
        `the client called auth/login with methodId ${JSON.stringify(methodIdOf(message))}, which the agent never advertised (${ADVERTISED.join(", ")})`,
      `each of the client's ${logins.length} auth/login named an advertised method (${ids})`,
    );
    judgeLogins(
      context,
      "client.v2.initialization.no-login-for-terminal",
      logins,
      (message) => methodIdOf(message) === TERMINAL_METHOD.methodId,
      () =>
        `the client passed the terminal method ${TERMINAL_METHOD.methodId} to auth/login; a terminal method is run as a login process, never over ACP`,
      `offered a terminal method before the agent one, the client logged in only with ${ids}`,
    );
    judgeLogins(
      context,
      "client.v2.initialization.unknown-auth-type-ignored",
      logins,
      (message) => methodIdOf(message) === CUSTOM_METHOD.methodId,
      () =>
        `the client passed ${CUSTOM_METHOD.methodId}, a method of the type ${CUSTOM_METHOD.type} it cannot know, to auth/login; a method of a type the client does not understand is ignored or shown generically`,
      `offered a method of type ${CUSTOM_METHOD.type} first, the client logged in only with ${ids}`,
    );
  },
};
