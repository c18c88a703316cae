/**
 * initialization in v2: the v2 answer's shape (info, capabilities, object support markers), the
 * auth surface its authMethods commit it to, and negotiation with a later version (3) and with v1,
 * each in its own process since a connection speaks one version.
 */
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { v1ConnectionChecks } from "./v1-negotiation.js";

/** Paths of boolean values under `capabilities`: v2's support markers are objects. */
function booleanMarkers(value: unknown, path = "capabilities"): string[] {
  if (typeof value === "boolean") return [path];
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "_meta" ? [] : booleanMarkers(inner, `${path}.${key}`),
  );
}

/**
 * v1's capability names in a v2 answer: prompt and MCP support moved under capabilities.session,
 * and loadSession and the list, resume and close markers are gone (the baseline has them all).
 */
function v1CapabilityNames(capabilities: unknown): string[] {
  if (!capabilities || typeof capabilities !== "object") return [];
  const root = capabilities as Record<string, unknown>;
  const session = (root.session ?? {}) as Record<string, unknown>;
  return [
    ...["loadSession", "promptCapabilities", "mcpCapabilities", "sessionCapabilities"]
      .filter((name) => name in root)
      .map((name) => `capabilities.${name}`),
    ...["list", "resume", "close"]
      .filter((name) => name in session)
      .map((name) => `capabilities.session.${name}`),
  ];
}

function infoProblem(result: Record<string, unknown>): string | undefined {
  const info = result.info as { name?: unknown; version?: unknown } | undefined;
  if (!info || typeof info !== "object") return "the answer has no info (required in v2)";
  if (typeof info.name !== "string" || typeof info.version !== "string")
    return "info lacks a string name or version";
  if (
    result.capabilities !== undefined &&
    (typeof result.capabilities !== "object" || result.capabilities === null)
  )
    return "capabilities is not an object";
  const v1Names = ["agentInfo", "agentCapabilities"].filter((name) => name in result);
  if (v1Names.length > 0)
    return `the answer uses v1's role-specific names (${v1Names.join(", ")}) instead of info and capabilities`;
  const leftovers = v1CapabilityNames(result.capabilities);
  if (leftovers.length > 0)
    return `capabilities keep v1's names, which v2 reorganised (migration.mdx#capability-reorganization): ${leftovers.join(", ")}`;
  const booleans = booleanMarkers(result.capabilities);
  if (booleans.length > 0) return `support markers are booleans, not objects: ${booleans.join(", ")}`;
  return undefined;
}

async function checkAuthSurface(
  context: ScenarioContext,
  agent: AgentV2UnderTest,
  result: Record<string, unknown>,
): Promise<void> {
  const methods = Array.isArray(result.authMethods) ? result.authMethods : [];
  if (methods.length === 0) {
    context.check({
      requirement: "agent.v2.initialization.auth-methods-imply-login-logout",
      verdict: "not-applicable",
      message: "the agent lists no authMethods, so it owes neither auth/login nor auth/logout",
    });
    return;
  }
  // An unknown method id: enough to see the method exists, without starting a real login.
  const login = await agent.request("auth/login", { methodId: "acp-conformance-unknown-method" });
  const logout = await agent.request("auth/logout", {});
  const missing = [login, logout].find(
    (outcome) => outcome.kind !== "response" || outcome.error?.code === -32601,
  );
  context.check(
    missing
      ? {
          requirement: "agent.v2.initialization.auth-methods-imply-login-logout",
          verdict: "fail",
          message: `the agent lists ${methods.length} authMethods but ${missing.request.method} got ${describeOutcome(missing)}`,
          evidence: { transcript: excerptAround(agent.transcript, missing.request.seq) },
        }
      : {
          requirement: "agent.v2.initialization.auth-methods-imply-login-logout",
          verdict: "pass",
          message: `the agent lists ${methods.length} authMethods and answers auth/login and auth/logout`,
        },
  );
}

async function checkLaterVersion(context: ScenarioContext): Promise<void> {
  const agent = await AgentV2UnderTest.start(context);
  const outcome = await agent.negotiate(3);
  const version =
    outcome.kind === "response" && !outcome.error
      ? (outcome.result as { protocolVersion?: unknown })?.protocolVersion
      : undefined;
  context.check(
    version === 2
      ? {
          requirement: "agent.v2.initialization.later-version-answered",
          verdict: "pass",
          message: "protocolVersion 3 was answered with 2, the agent's latest",
        }
      : {
          requirement: "agent.v2.initialization.later-version-answered",
          verdict: "fail",
          message: `initialize with protocolVersion 3 must be answered with the agent's latest version, 2; got ${version !== undefined ? `protocolVersion ${JSON.stringify(version)}` : describeOutcome(outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        },
  );
}

export const initializationV2Scenario: Scenario = {
  id: "agent.v2.initialization.negotiation",
  title:
    "initialize as v2 (the answer's info and capabilities, its auth surface), as a later version, and as v1",
  mode: "agent",
  requirements: [
    "agent.v2.initialization.info-and-capabilities",
    "agent.v2.initialization.auth-methods-imply-login-logout",
    "agent.v2.initialization.later-version-answered",
    "agent.v2.initialization.v1-negotiated",
  ],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const result = await agent.handshake();
    const problem = infoProblem(result);
    const first = agent.connection.sent[0]!;
    context.check(
      problem
        ? {
            requirement: "agent.v2.initialization.info-and-capabilities",
            verdict: "fail",
            message: problem,
            evidence: { transcript: excerptAround(agent.transcript, first.seq) },
          }
        : {
            requirement: "agent.v2.initialization.info-and-capabilities",
            verdict: "pass",
            message: "the answer names the agent in info and states capabilities with object support markers",
          },
    );
    await checkAuthSurface(context, agent, result);
    await Promise.all([checkLaterVersion(context), v1ConnectionChecks(context)]);
  },
};
