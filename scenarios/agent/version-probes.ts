/**
 * Version negotiation with versions the kit does not speak: each initialize in its own process.
 * What the agent answers to protocolVersion 1 is the yardstick: an agent that supports 1 has a
 * latest version of at least that, so no honest downgrade goes below it (0 never can).
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { KIT_VERSION } from "../../kit/version.js";

export interface Negotiation {
  agent: AgentUnderTest;
  outcome: RequestOutcome;
  /** The protocolVersion of a successful answer, when it is an integer. */
  version: number | undefined;
}

/** initialize with `requested` in a fresh agent process, judged by the startup deadline. */
export async function negotiate(context: ScenarioContext, requested: number): Promise<Negotiation> {
  const agent = await AgentUnderTest.start(context);
  const outcome = await agent.request(
    "initialize",
    {
      ...defaultInitializeParams(),
      protocolVersion: requested,
      // Version 2 exists now: an agent that speaks it holds this request to v2's initialize, whose
      // `info` is required; v2's names ride along with v1's, which a v1-only agent ignores.
      ...(requested >= 2
        ? { info: { name: "acp-conformance", version: KIT_VERSION }, capabilities: {} }
        : {}),
    },
    { waitMs: context.options.startupTimeoutMs + context.options.timeoutMs },
  );
  agent.ownDeadline.add(outcome.request);
  const version =
    outcome.kind === "response" && !outcome.error
      ? (outcome.result as { protocolVersion?: unknown } | undefined)?.protocolVersion
      : undefined;
  return { agent, outcome, version: Number.isInteger(version) ? (version as number) : undefined };
}

/** The least version an honest answer to a newer request may name: what the agent answers to 1, or 1. */
export function leastHonestVersion(answerToOne: number | undefined): number {
  return answerToOne ?? 1;
}

export const newerVersionScenario: Scenario = {
  id: "agent.initialization.newer-version",
  title: "initialize with protocolVersion 2, a version newer than the kit's",
  mode: "agent",
  requirements: ["agent.initialization.newer-version-answered"],
  async run(context) {
    const [one, { agent, outcome, version }] = await Promise.all([
      negotiate(context, 1),
      negotiate(context, 2),
    ]);
    const least = leastHonestVersion(one.version);
    if (version !== undefined && (version === 2 || (version >= least && version !== 65535))) {
      context.check({
        requirement: "agent.initialization.newer-version-answered",
        verdict: "pass",
        message:
          version === 2
            ? "protocolVersion 2 was answered with 2: the agent supports it"
            : `protocolVersion 2 was answered with the agent's own version, ${version}`,
      });
      return;
    }
    context.check({
      requirement: "agent.initialization.newer-version-answered",
      verdict: "fail",
      message:
        version === undefined
          ? `initialize with protocolVersion 2 must be answered with 2 or the agent's latest version, got ${describeOutcome(outcome)}`
          : `initialize with protocolVersion 2 was answered with ${version}: neither 2 nor a version the agent supports (it answers ${least} to protocolVersion 1, so its latest is at least that)`,
      evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
    });
  },
};
