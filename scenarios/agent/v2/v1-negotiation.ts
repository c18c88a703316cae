/**
 * An agent that speaks both versions must answer a v1 initialize with 1 and then be a v1 agent
 * for that connection: the check runs one v1 turn and reads its prompt answer, which in v1 (and
 * only in v1) ends the turn with a stopReason. The run's frames are held to the v1 schema.
 */
import type { ScenarioContext } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { defaultInitializeParams } from "../agent-requests.js";
import { AgentV2UnderTest } from "./driver.js";

export async function v1ConnectionChecks(context: ScenarioContext): Promise<void> {
  const requirement = "agent.v2.initialization.v1-negotiated" as const;
  const agent = await AgentV2UnderTest.start(context, { schemaVersion: 1 });
  const outcome = await agent.negotiate(1, defaultInitializeParams());
  const version =
    outcome.kind === "response" && !outcome.error
      ? (outcome.result as { protocolVersion?: unknown })?.protocolVersion
      : undefined;
  if (outcome.kind === "response" && outcome.error) {
    context.check({
      requirement,
      verdict: "not-applicable",
      message: `the agent refuses v1 (initialize with protocolVersion 1: ${describeOutcome(outcome)}): it speaks only v2`,
    });
    return;
  }
  if (version !== 1) {
    context.check({
      requirement,
      verdict: "fail",
      message: `initialize with protocolVersion 1 must be answered with 1 (or refused), never a later version; got ${version !== undefined ? `protocolVersion ${JSON.stringify(version)}` : describeOutcome(outcome)}`,
      evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
    });
    return;
  }
  const prompt = context.options.prompts.prompt;
  if (prompt === undefined) {
    context.check({
      requirement,
      verdict: "not-tested",
      message: "the agent answered 1; without --prompt the kit ran no v1 turn to see it act as v1",
    });
    return;
  }
  const session = await agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [] });
  const sessionId =
    session.kind === "response"
      ? (session.result as { sessionId?: unknown } | undefined)?.sessionId
      : undefined;
  if (typeof sessionId !== "string") {
    context.check({
      requirement,
      verdict: "not-tested",
      message: `the v1 session/new gave no session: ${describeOutcome(session)}`,
    });
    return;
  }
  const turn = await agent.request(
    "session/prompt",
    { sessionId, prompt: [{ type: "text", text: prompt }] },
    { waitMs: agent.turnWaitMs },
  );
  const stopReason =
    turn.kind === "response" && !turn.error
      ? (turn.result as { stopReason?: unknown } | undefined)?.stopReason
      : undefined;
  context.check(
    typeof stopReason === "string"
      ? {
          requirement,
          verdict: "pass",
          message: `initialize 1 was answered with 1, and the v1 turn ended with stopReason ${stopReason} as v1 requires`,
        }
      : {
          requirement,
          verdict: "fail",
          message: `the agent answered protocolVersion 1 but its prompt answer is not v1's (a stopReason ending the turn): ${describeOutcome(turn)}`,
          evidence: { transcript: excerptAround(agent.transcript, turn.request.seq) },
        },
  );
}
