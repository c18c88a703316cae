/**
 * initialization: what the initialize result states, under three forms of the client's
 * auth.terminal capability (omitted, false, true), each in its own process. The result must
 * carry agentCapabilities; a terminal auth method may be listed only for true; and a terminal
 * method that is listed is run as a client would (terminal-login.ts), when --terminal-login allows.
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { notApplicable } from "./driver-extras.js";
import { runTerminalLogin, terminalMethods } from "./terminal-login.js";

/** A fresh agent initialized with clientCapabilities.auth set to `auth` (left out when undefined). */
async function initializeWith(
  context: Parameters<Scenario["run"]>[0],
  auth: { terminal: boolean } | undefined,
): Promise<{ agent: AgentUnderTest; result: Record<string, unknown> }> {
  const agent = await AgentUnderTest.start(context);
  const params = defaultInitializeParams();
  const capabilities = { ...(params.clientCapabilities as object), ...(auth ? { auth } : {}) };
  return { agent, result: await agent.initialize({ ...params, clientCapabilities: capabilities }) };
}

export const initializeResultScenario: Scenario = {
  id: "agent.initialization.capabilities-and-terminal-auth",
  title: "agentCapabilities in the initialize result, and terminal auth methods only for auth.terminal true",
  mode: "agent",
  requirements: [
    "agent.initialization.states-capabilities",
    "agent.initialization.terminal-auth-only-when-offered",
    "agent.initialization.login-only-args",
  ],
  async run(context) {
    const [omitted, declined, offered] = await Promise.all([
      initializeWith(context, undefined),
      initializeWith(context, { terminal: false }),
      initializeWith(context, { terminal: true }),
    ]);

    const capabilities = omitted.result.agentCapabilities;
    const stated = capabilities !== null && typeof capabilities === "object" && !Array.isArray(capabilities);
    context.check(
      stated
        ? {
            requirement: "agent.initialization.states-capabilities",
            verdict: "pass",
            message: `the initialize result states agentCapabilities (${Object.keys(capabilities).join(", ") || "an empty object"})`,
          }
        : {
            requirement: "agent.initialization.states-capabilities",
            verdict: "fail",
            message:
              capabilities === undefined
                ? "the initialize result has no agentCapabilities: the agent must state the capabilities it supports"
                : `agentCapabilities must be an object, got ${JSON.stringify(capabilities)}`,
            evidence: {
              transcript: omitted.agent.transcript.excerpt({ limit: 4 }),
              actual: capabilities ?? null,
            },
          },
    );

    const unasked = [
      { form: "left out", run: omitted },
      { form: "false", run: declined },
    ];
    if (
      unasked.every(
        ({ run }) => !Array.isArray(run.result.authMethods) || run.result.authMethods.length === 0,
      )
    )
      notApplicable(
        context,
        ["agent.initialization.terminal-auth-only-when-offered"],
        "the initialize result advertises no authMethods",
      );
    else {
      const offending = unasked.find(({ run }) => terminalMethods(run.result.authMethods).length > 0);
      context.check(
        offending
          ? {
              requirement: "agent.initialization.terminal-auth-only-when-offered",
              verdict: "fail",
              message: `with clientCapabilities.auth.terminal ${offending.form}, authMethods lists the terminal method ${JSON.stringify(terminalMethods(offending.run.result.authMethods)[0]!.id)}; a terminal method may be advertised only when auth.terminal is true`,
              evidence: {
                transcript: offending.run.agent.transcript.excerpt({ limit: 4 }),
                actual: offending.run.result.authMethods,
              },
            }
          : {
              requirement: "agent.initialization.terminal-auth-only-when-offered",
              verdict: "pass",
              message: "with auth.terminal left out or false, authMethods lists no terminal method",
            },
      );
    }

    const method = terminalMethods(offered.result.authMethods)[0];
    if (!method) {
      notApplicable(
        context,
        ["agent.initialization.login-only-args"],
        "the agent offers no terminal auth method, even to a client that advertised auth.terminal true",
      );
      return;
    }
    if (!context.options.terminalLogin) {
      context.check({
        requirement: "agent.initialization.login-only-args",
        verdict: "not-tested",
        message: `the agent offers the terminal auth method ${JSON.stringify(method.id)}; running it may start a real login, so the kit runs it only with --terminal-login`,
        unlock: "--terminal-login",
      });
      return;
    }
    const outcome = await runTerminalLogin(context, method);
    const started = `started with ${JSON.stringify(method.id)}'s args ${JSON.stringify(method.args)}`;
    if (outcome.kind === "served-acp")
      context.check({
        requirement: "agent.initialization.login-only-args",
        verdict: "fail",
        message: `${started}, the agent answered the kit's initialize: the args start the ACP server, not a login-only flow`,
        evidence: { actual: outcome.line },
      });
    else if (outcome.kind === "exited")
      context.check({
        requirement: "agent.initialization.login-only-args",
        verdict: "pass",
        message: `${started}, the agent did not serve ACP and exited (${outcome.signal ?? `code ${outcome.code}`}) by itself`,
        ...(outcome.output ? { evidence: { actual: outcome.output } } : {}),
      });
    else
      context.check({
        requirement: "agent.initialization.login-only-args",
        verdict: "not-tested",
        message: `${started}, the agent did not serve ACP but was still running at the deadline, presumably waiting for a user at the terminal: whether the flow exits when the login completes cannot be seen without one`,
      });
  },
};
