/**
 * Before any scenario: start the agent once, as a scenario would, and see whether the basics
 * work: an answer to initialize the kit can read and pair, and a session. A target that cannot
 * be started, or exits before answering, is a usage problem (exit 2), not a pile of failures.
 * A basic it breaks becomes the blocker that ends the scenarios needing it at once, not tested
 * and saying why, while what the preflight saw is recorded as checks (the requirement actually
 * broken fails there). How fast it answered sets the scenarios' ordinary waits, and what it
 * says about itself (agentInfo) goes into the report.
 */
import { randomUUID } from "node:crypto";
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import { BlockedScenario, type PreflightResult, StopScenario } from "../../kit/scenario.js";
import { withTimeout } from "../../kit/time.js";
import { preflightContext } from "../harness/preflight-context.js";
import { slowestAnswerAfterInitialize } from "./answer-waits.js";
import { AgentUnderTest } from "./driver.js";

export async function preflightAgent(plan: RunPlan, runId: string = randomUUID()): Promise<PreflightResult> {
  const { context, checks, cleanUp } = preflightContext(plan, runId);
  try {
    const agent = await AgentUnderTest.start(context);
    // The checks array fills in as the agent is torn down (its per-frame checks), below.
    return { ...(await probe(agent)), checks };
  } finally {
    await cleanUp();
  }
}

async function probe(agent: AgentUnderTest): Promise<Omit<PreflightResult, "checks">> {
  const { startupTimeoutMs, timeoutMs } = agent.options;
  let result: Record<string, unknown>;
  try {
    result = await agent.initialize();
  } catch (error) {
    if (!(error instanceof StopScenario)) throw error;
    await exitedBeforeAnswering(agent);
    // Only an agent that said nothing at all may just need longer to start.
    const first = agent.connection.sent[0]!;
    const silent = first.answeredAtMs === undefined && agent.connection.unmatchedAnswer(first) === undefined;
    return {
      blocker: {
        scope: "initialize",
        reason: `the agent gave no usable answer to initialize in the preflight (${error.message})`,
        ...(silent
          ? {
              unlock: `a longer --startup-timeout, if the agent needs more than ${startupTimeoutMs + timeoutMs} ms to start`,
            }
          : {}),
      },
    };
  }
  const info = result.agentInfo;
  const found: Omit<PreflightResult, "checks"> = {
    ...(info && typeof info === "object" ? { info: info as Record<string, unknown> } : {}),
  };
  try {
    await agent.afterInitialize(result);
    await agent.newSession();
  } catch (error) {
    // Credentials or a protocol version the kit does not test: the scenarios say so themselves.
    if (!(error instanceof BlockedScenario) && !(error instanceof StopScenario)) throw error;
    if (error instanceof StopScenario)
      found.blocker = {
        scope: "sessions",
        reason: `the agent created no session in the preflight (${error.message})`,
      };
  }
  const latencyMs = slowestAnswerAfterInitialize(agent.connection.sent);
  if (latencyMs !== undefined) found.latencyMs = latencyMs;
  return found;
}

/** An agent that exited before answering initialize could not be tested at all: say why, with its stderr. */
async function exitedBeforeAnswering(agent: AgentUnderTest): Promise<void> {
  const first = agent.connection.sent[0];
  if (first?.answeredAtMs !== undefined || agent.connection.unmatchedAnswer(first!) !== undefined) return;
  // An agent that closed stdout but lives on is still tested: what it does is a finding, not a start-up failure.
  const exit = agent.target.exitInfo ?? (await withTimeout(agent.target.exited, 500));
  if (!exit) return;
  const how = exit.code !== null ? `exited with code ${exit.code}` : `was killed by ${exit.signal}`;
  const stderr = agent.target.stderrTail().trim().split("\n").slice(-5).join("\n    ");
  throw new UsageError(
    `the agent ${how} before answering initialize${stderr ? `; its stderr ends with:\n    ${stderr}` : " (it wrote nothing to stderr)"}`,
  );
}
