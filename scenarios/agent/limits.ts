/**
 * limits: big inputs and odd input shapes must be answered or refused, never crash or hang
 * the agent. (How long the agent's own lines may be is checked on every frame.)
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";

const MIB = 1024 * 1024;

function exitText(exit: { code: number | null; signal: string | null }): string {
  return exit.code !== null ? `code ${exit.code}` : `killed by ${exit.signal}`;
}

/** ASCII filler of exactly `bytes` bytes (ASCII keeps the kit's own copy of it small). */
export function fillerText(bytes: number): string {
  const unit = "acp-conformance limits filler. ";
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

async function checkStillServing(
  agent: AgentUnderTest,
  requirement: RequirementId,
  what: string,
): Promise<boolean> {
  const next = await agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [] });
  agent.ownDeadline.add(next.request);
  if (next.kind === "response") return true;
  agent.context.check({
    requirement,
    verdict: "fail",
    message: `after ${what}, ${agent.target.exitInfo ? `the agent had exited (${exitText(agent.target.exitInfo)})` : `session/new: ${describeOutcome(next)}`}`,
    evidence: {
      transcript: excerptAround(agent.transcript, next.request.seq),
      stderrTail: agent.target.stderrTail(),
      details: { exit: agent.target.exitInfo ?? null },
    },
  });
  return false;
}

async function runLargePrompt(
  context: ScenarioContext,
  megabytes: number,
  requirement: RequirementId,
): Promise<void> {
  const agent = await AgentUnderTest.start(context);
  await agent.handshake();
  const sessionId = await agent.newSession();
  const what = `a ${megabytes} MiB prompt`;
  const turn = await agent.prompt(sessionId, [
    { type: "text", text: context.options.prompts.prompt! },
    { type: "text", text: fillerText(megabytes * MIB) },
  ]);
  agent.ownDeadline.add(turn.request);
  if (turn.outcome.kind !== "response") {
    context.check({
      requirement,
      verdict: "fail",
      message: `${what} must be answered or refused with an error: ${agent.target.exitInfo ? `the agent exited (${exitText(agent.target.exitInfo)})` : describeOutcome(turn.outcome)}`,
      evidence: {
        transcript: excerptAround(agent.transcript, turn.request.seq),
        stderrTail: agent.target.stderrTail(),
        details: { exit: agent.target.exitInfo ?? null },
      },
    });
    return;
  }
  if (!(await checkStillServing(agent, requirement, what))) return;
  const how = turn.outcome.error ? `refused with error ${turn.outcome.error.code}` : "answered";
  context.check({
    requirement,
    verdict: "pass",
    message: `${what} was ${how} in ${Math.round(turn.outcome.latencyMs)} ms, and the agent kept serving`,
  });
}

export const prompt1MiBScenario: Scenario = {
  id: "agent.limits.prompt-1mib",
  title: "a 1 MiB prompt line",
  mode: "agent",
  requirements: ["agent.limits.prompt-1mib"],
  needs: ["prompt"],
  run: (context) => runLargePrompt(context, 1, "agent.limits.prompt-1mib"),
};

export const prompt16MiBScenario: Scenario = {
  id: "agent.limits.prompt-16mib",
  title: "a 16 MiB prompt line",
  mode: "agent",
  requirements: ["agent.limits.prompt-16mib"],
  needs: ["prompt"],
  run: (context) => runLargePrompt(context, 16, "agent.limits.prompt-16mib"),
};

export const jsonArrayScenario: Scenario = {
  id: "agent.limits.json-array",
  title: "a JSON array line",
  mode: "agent",
  requirements: ["agent.limits.json-array-survived"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    await agent.connection.sendRaw(JSON.stringify([{ jsonrpc: "2.0", method: "_kit/noise", params: {} }]));
    await agent.settle();
    if (!(await checkStillServing(agent, "agent.limits.json-array-survived", "a JSON array line"))) return;
    context.check({
      requirement: "agent.limits.json-array-survived",
      verdict: "pass",
      message: "after a JSON array line the agent kept serving",
    });
  },
};
