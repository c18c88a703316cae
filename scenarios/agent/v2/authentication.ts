/**
 * authentication in v2, the descriptors and the unknown method: the authMethods of a client with
 * no capabilities (distinct methodIds, no terminal method) and auth/login with a methodId never
 * advertised; then, on a connection of its own, a client that advertises capabilities.auth.terminal,
 * whose terminal methods' env names must be distinct. The lifecycle is auth-lifecycle.ts.
 */
import { randomUUID } from "node:crypto";
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { v2InitializeParams } from "./kit-client-v2.js";

const IDS_UNIQUE = "agent.v2.initialization.auth-method-ids-unique" as const;
const TERMINAL_OFFERED = "agent.v2.initialization.terminal-auth-only-when-offered" as const;
const ENV_UNIQUE = "agent.v2.initialization.terminal-env-names-unique" as const;
const UNKNOWN_REFUSED = "agent.v2.initialization.unknown-auth-method-refused" as const;

type AuthMethod = { methodId?: unknown; type?: unknown; env?: unknown };

const authMethodsOf = (result: unknown): AuthMethod[] => {
  const methods = (result as { authMethods?: unknown } | undefined)?.authMethods;
  return Array.isArray(methods) ? (methods as AuthMethod[]) : [];
};

/** The first methodId listed twice, over every list the agent gave (a missing one is the schema's finding). */
function repeatedMethodId(lists: AuthMethod[][]): unknown {
  for (const methods of lists) {
    const ids = methods.map((method) => method.methodId).filter((id) => typeof id === "string");
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated !== undefined) return repeated;
  }
  return undefined;
}

/** The connection of a client that can run terminal logins: its env names must be distinct. */
async function checkTerminalEnv(context: ScenarioContext, lists: AuthMethod[][]): Promise<void> {
  const agent = await AgentV2UnderTest.start(context);
  const params = v2InitializeParams();
  const outcome = await agent.negotiate(2, { ...params, capabilities: { auth: { terminal: {} } } });
  const result = outcome.kind === "response" && !outcome.error ? outcome.result : undefined;
  if (!result) {
    context.check({
      requirement: ENV_UNIQUE,
      verdict: "not-tested",
      message: `initialize with capabilities.auth.terminal got ${describeOutcome(outcome)}`,
    });
    return;
  }
  const methods = authMethodsOf(result);
  lists.push(methods);
  const terminals = methods.filter((method) => method.type === "terminal");
  if (terminals.length === 0) {
    context.check({
      requirement: ENV_UNIQUE,
      verdict: "not-applicable",
      message: "the agent lists no terminal auth method, even to a client that advertises auth.terminal",
    });
    return;
  }
  const names = (method: AuthMethod) =>
    (Array.isArray(method.env) ? method.env : []).map((entry) => (entry as { name?: unknown })?.name);
  const repeating = terminals.find((method) => new Set(names(method)).size !== names(method).length);
  context.check(
    repeating
      ? {
          requirement: ENV_UNIQUE,
          verdict: "fail",
          message: `the terminal auth method ${JSON.stringify(repeating.methodId)} sets an env name more than once: ${JSON.stringify(names(repeating))}`,
          evidence: { actual: repeating },
        }
      : {
          requirement: ENV_UNIQUE,
          verdict: "pass",
          message: `${terminals.length} terminal auth method(s), each env name given once`,
        },
  );
}

export const authenticationV2Scenario: Scenario = {
  id: "agent.v2.initialization.authentication",
  title: "authMethods with and without auth.terminal, and auth/login with a method never advertised",
  mode: "agent",
  requirements: [IDS_UNIQUE, TERMINAL_OFFERED, ENV_UNIQUE, UNKNOWN_REFUSED],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const methods = authMethodsOf(await agent.handshake());
    const lists = [methods];
    await checkTerminalEnv(context, lists);
    if (methods.length === 0) {
      for (const requirement of [TERMINAL_OFFERED, UNKNOWN_REFUSED])
        context.check({
          requirement,
          verdict: "not-applicable",
          message: "the agent lists no authMethods to a client without capabilities",
        });
    } else {
      const terminal = methods.find((method) => method.type === "terminal");
      context.check(
        terminal
          ? {
              requirement: TERMINAL_OFFERED,
              verdict: "fail",
              message: `the kit advertised no capabilities.auth.terminal, yet authMethods lists the terminal method ${JSON.stringify(terminal.methodId)}`,
              evidence: { actual: methods },
            }
          : {
              requirement: TERMINAL_OFFERED,
              verdict: "pass",
              message: `${methods.length} authMethods to a client without auth.terminal, none of type terminal`,
            },
      );
      const unknownId = `kit-never-advertised-${randomUUID().slice(0, 8)}`;
      const login = await agent.request("auth/login", { methodId: unknownId });
      context.check(
        login.kind === "response" && login.error
          ? {
              requirement: UNKNOWN_REFUSED,
              verdict: "pass",
              message: `auth/login with an unadvertised methodId was refused with error ${login.error.code}`,
            }
          : {
              requirement: UNKNOWN_REFUSED,
              verdict: "fail",
              message: `auth/login with ${unknownId}, which authMethods never listed, must be refused with an error; got ${describeOutcome(login)}`,
              evidence: { transcript: excerptAround(agent.transcript, login.request.seq) },
            },
      );
    }
    const repeated = repeatedMethodId(lists);
    const listed = lists.reduce((count, list) => count + list.length, 0);
    context.check(
      repeated !== undefined
        ? {
            requirement: IDS_UNIQUE,
            verdict: "fail",
            message: `authMethods lists the methodId ${JSON.stringify(repeated)} more than once`,
            evidence: { actual: lists },
          }
        : listed === 0
          ? {
              requirement: IDS_UNIQUE,
              verdict: "not-applicable",
              message: "the agent lists no authMethods, with or without auth.terminal",
            }
          : {
              requirement: IDS_UNIQUE,
              verdict: "pass",
              message: "every authMethods list, with and without auth.terminal, has distinct methodIds",
            },
    );
  },
};
