/**
 * capabilities: the same ordinary turn under four client capability sets, each in its own
 * process: none at all (clientCapabilities {}), the file system only, terminals only, and
 * everything. What is advertised is served for real (client-capabilities.ts); the turn must end
 * with a stop reason under every set, since an agent should work with any combination. A turn
 * that fails under every set is the plain turn's finding (agent.prompt.answered-with-stop-reason),
 * not a capability's, so it leaves this requirement not tested.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { OfferedCapabilities } from "./agent-requests.js";
import { offerCapabilities } from "./client-capabilities.js";
import { AgentUnderTest, type Turn } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";

const CAPABILITY_SETS: ReadonlyArray<{ name: string; offered: OfferedCapabilities }> = [
  { name: "no capabilities (clientCapabilities {})", offered: { omit: true } },
  { name: "fs only", offered: { readTextFile: true, writeTextFile: true } },
  { name: "terminal only", offered: { terminal: true } },
  { name: "fs and terminal", offered: { readTextFile: true, writeTextFile: true, terminal: true } },
];

async function turnWith(
  context: Parameters<Scenario["run"]>[0],
  offered: OfferedCapabilities,
): Promise<{ agent: AgentUnderTest; turn: Turn }> {
  const agent = await AgentUnderTest.start(context);
  if (offered.omit) agent.answers.offered = offered;
  else offerCapabilities(agent, offered);
  await agent.handshake();
  const sessionId = await agent.newSession();
  return { agent, turn: await agent.prompt(sessionId, context.options.prompts.prompt!) };
}

const stopReasonOf = (turn: Turn): unknown =>
  turn.outcome.kind === "response" && !turn.outcome.error
    ? (turn.outcome.result as { stopReason?: unknown } | undefined)?.stopReason
    : undefined;

export const clientCapabilitySetsScenario: Scenario = {
  id: "agent.capabilities.client-capability-sets",
  title: "one ordinary turn with no client capabilities, fs only, terminal only, and all of them",
  mode: "agent",
  requirements: ["agent.capabilities.any-client-capabilities"],
  needs: ["prompt"],
  async run(context) {
    const runs = await Promise.all(
      CAPABILITY_SETS.map(async (set) => ({ set, ...(await turnWith(context, set.offered)) })),
    );
    const broken = runs.find(({ turn }) => typeof stopReasonOf(turn) !== "string");
    if (broken && runs.every(({ turn }) => typeof stopReasonOf(turn) !== "string")) {
      context.check({
        requirement: "agent.capabilities.any-client-capabilities",
        verdict: "not-tested",
        message: `the ordinary turn ended without a stop reason under every capability set (${describeOutcome(broken.turn.outcome)}), so no set can be told from another`,
      });
      return;
    }
    if (broken) {
      context.check({
        requirement: "agent.capabilities.any-client-capabilities",
        verdict: "fail",
        message: `with ${broken.set.name}, the ordinary turn must still end with a stop reason; got ${describeOutcome(broken.turn.outcome)}`,
        evidence: {
          transcript: excerptAround(broken.agent.transcript, broken.turn.endSeq),
          stderrTail: broken.agent.target.stderrTail(),
        },
      });
      return;
    }
    context.check({
      requirement: "agent.capabilities.any-client-capabilities",
      verdict: "pass",
      message: `the ordinary turn ended with a stop reason under each of: ${runs.map(({ set, turn }) => `${set.name} (${String(stopReasonOf(turn))})`).join(", ")}`,
    });
  },
};
