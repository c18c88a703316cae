/**
 * initialization: version negotiation and what the agent says about itself. The shape of
 * the initialize result (capabilities, authMethods) is checked by the schema on every frame.
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { leastHonestVersion, negotiate } from "./version-probes.js";

export const versionOneScenario: Scenario = {
  id: "agent.initialization.version-1",
  title: "initialize with protocolVersion 1",
  mode: "agent",
  requirements: [
    "agent.initialization.same-version",
    "agent.initialization.agent-info",
    "agent.timeouts.initialize",
  ],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    const result = await agent.initialize();
    const version = result.protocolVersion;
    if (version === 1) {
      context.check({
        requirement: "agent.initialization.same-version",
        verdict: "pass",
        message: "initialize with protocolVersion 1 was answered with 1",
      });
    } else if (typeof version === "number" && Number.isInteger(version) && version >= 2) {
      context.check({
        requirement: "agent.initialization.same-version",
        verdict: "not-tested",
        message: `the agent answered protocolVersion ${version}: it does not speak v1, so the v1 suite cannot judge it`,
      });
    } else {
      context.check({
        requirement: "agent.initialization.same-version",
        verdict: "fail",
        message: `initialize with protocolVersion 1 was answered with ${JSON.stringify(version)}`,
        evidence: { transcript: agent.transcript.excerpt({ limit: 6 }), expected: 1, actual: version },
      });
    }
    const info = result.agentInfo as { name?: unknown; version?: unknown } | null | undefined;
    if (info && typeof info.name === "string" && typeof info.version === "string") {
      context.check({
        requirement: "agent.initialization.agent-info",
        verdict: "pass",
        message: `agentInfo: ${info.name} ${info.version}`,
        evidence: { actual: info },
      });
    } else {
      context.check({
        requirement: "agent.initialization.agent-info",
        verdict: "fail",
        message: info
          ? `agentInfo lacks a string name or version: ${JSON.stringify(info)}`
          : "the initialize result has no agentInfo",
        evidence: { actual: info ?? null },
      });
    }
  },
};

export const unsupportedVersionScenario: Scenario = {
  id: "agent.initialization.unsupported-version",
  title: "initialize with a version the agent cannot support (65535)",
  mode: "agent",
  requirements: ["agent.initialization.no-echo-unsupported"],
  async run(context) {
    // The answer must be a version the agent supports: never below what it answers to 1 (so never 0).
    const [one, { agent, outcome, version }] = await Promise.all([
      negotiate(context, 1),
      negotiate(context, 65535),
    ]);
    const least = leastHonestVersion(one.version);
    if (version !== undefined && version !== 65535 && version >= least) {
      context.check({
        requirement: "agent.initialization.no-echo-unsupported",
        verdict: "pass",
        message: `protocolVersion 65535 was answered with the agent's own version, ${version}`,
      });
      return;
    }
    context.check({
      requirement: "agent.initialization.no-echo-unsupported",
      verdict: "fail",
      message:
        version === 65535
          ? "the agent echoed protocolVersion 65535, a version it cannot support; it must answer with its latest version"
          : version !== undefined
            ? `protocolVersion 65535 was answered with ${version}, not a version the agent supports (it answers ${least} to protocolVersion 1, so its latest is at least that)`
            : `initialize with protocolVersion 65535 must be answered with the agent's latest version, got ${describeOutcome(outcome)}`,
      evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
    });
  },
};

export const mistypedVersionScenario: Scenario = {
  id: "agent.initialization.mistyped-version",
  title: 'initialize with protocolVersion "1" and true',
  mode: "agent",
  requirements: ["agent.initialization.rejects-mistyped-version"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    for (const mistyped of ["1", true]) {
      const outcome = await agent.request(
        "initialize",
        { ...defaultInitializeParams(), protocolVersion: mistyped },
        { deliberate: true, waitMs: context.options.startupTimeoutMs + context.options.timeoutMs },
      );
      agent.ownDeadline.add(outcome.request);
      if (outcome.kind !== "response" || !outcome.error) {
        context.check({
          requirement: "agent.initialization.rejects-mistyped-version",
          verdict: "fail",
          message: `protocolVersion ${JSON.stringify(mistyped)} should be rejected with an error (the schema requires an integer), got ${describeOutcome(outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        });
        return;
      }
    }
    context.check({
      requirement: "agent.initialization.rejects-mistyped-version",
      verdict: "pass",
      message: 'protocolVersion "1" and true were both rejected with an error',
    });
  },
};
