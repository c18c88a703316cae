/**
 * Before any scenario: start the agent once, as a scenario would, and see whether the basics
 * work: an answer to initialize the kit can read and pair, and a session. A target that cannot
 * be started, or exits before answering, is a usage problem (exit 2), not a pile of failures.
 * A basic it breaks becomes the blocker that ends the scenarios needing it at once, not tested
 * and saying why, while what the preflight saw is recorded as checks (the requirement actually
 * broken fails there); so does a prompt turn that is never answered, when --prompt is given
 * (tryOneTurn). How fast it answered sets the scenarios' ordinary waits, whether it
 * exited when its stdin closed sets their teardowns' (stdin-end-learned.ts), and what it says
 * about itself (agentInfo) goes into the report.
 */
import { randomUUID } from "node:crypto";
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import {
  BlockedScenario,
  failedRequirements,
  type PreflightResult,
  StopScenario,
} from "../../kit/scenario.js";
import { withTimeout } from "../../kit/time.js";
import { preflightContext } from "../harness/preflight-context.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { slowestAnswerAfterInitialize } from "./answer-waits.js";
import { AgentUnderTest, type Turn } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { ignoredStdinEndCheck } from "./stdin-end-learned.js";

export async function preflightAgent(plan: RunPlan, runId: string = randomUUID()): Promise<PreflightResult> {
  const { context, checks, cleanUp } = preflightContext(plan, runId);
  let agent: AgentUnderTest;
  let found: Omit<PreflightResult, "checks">;
  try {
    agent = await AgentUnderTest.start(context);
    found = await probe(agent);
  } finally {
    // The checks array fills in as the agent is torn down (its per-frame checks).
    await cleanUp();
  }
  const ignoredStdinEnd = ignoredStdinEndCheck(agent.teardown, agent.target, plan.options.closeGraceMs);
  if (ignoredStdinEnd) checks.push(ignoredStdinEnd);
  return { ...found, checks, knownDefects: failedRequirements(checks) };
}

async function probe(agent: AgentUnderTest): Promise<Omit<PreflightResult, "checks">> {
  const { startupTimeoutMs } = agent.options;
  let result: Record<string, unknown>;
  try {
    // Only --startup-timeout: past it the answer is late (agent.timeouts.initialize fails), and
    // every scenario would be blocked for want of it, so waiting longer only delays the verdict.
    result = await agent.initialize(defaultInitializeParams(agent.answers.offered), {
      waitMs: startupTimeoutMs,
    });
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
              unlock: `a longer --startup-timeout, if the agent needs more than ${startupTimeoutMs} ms to start`,
            }
          : {}),
      },
    };
  }
  const info = result.agentInfo;
  const found: Omit<PreflightResult, "checks"> = {
    ...(info && typeof info === "object" ? { info: info as Record<string, unknown> } : {}),
  };
  let sessionId: string | undefined;
  try {
    await agent.afterInitialize(result);
    sessionId = await agent.newSession();
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
  if (sessionId !== undefined) {
    const unansweredTurn = await tryOneTurn(agent, sessionId);
    if (unansweredTurn) found.blocker = unansweredTurn;
  }
  return found;
}

/**
 * One turn with --prompt, when it is given. An agent that never answers session/prompt would
 * make every scenario and property case with a turn wait out the turn's deadline again; seen
 * once here, it becomes the blocker that ends them at once, not tested and saying why. What
 * this turn showed fails here, as the plain turn would fail it: a turn must end with a
 * stopReason (agent.prompt.answered-with-stop-reason), and the request's own deadline
 * (agent.timeouts.request-answered, among the per-frame checks).
 */
async function tryOneTurn(
  agent: AgentUnderTest,
  sessionId: string,
): Promise<PreflightResult["blocker"] | undefined> {
  const { prompt } = agent.options.prompts;
  if (prompt === undefined) return undefined;
  let turn: Turn;
  try {
    turn = await agent.prompt(sessionId, prompt);
  } catch (error) {
    // Credentials, or an answer that could not be paired: the scenarios meet and report those themselves.
    if (error instanceof BlockedScenario || error instanceof StopScenario) return undefined;
    throw error;
  }
  const { outcome } = turn;
  if (outcome.kind === "response" || outcome.reason !== "timeout") return undefined;
  agent.context.check({
    requirement: "agent.prompt.answered-with-stop-reason",
    verdict: "fail",
    message: `the preflight's turn (--prompt) must end with a result carrying a stopReason; got ${describeOutcome(outcome)}`,
    evidence: {
      transcript: excerptAround(agent.transcript, turn.request.seq),
      stderrTail: agent.target.stderrTail(),
    },
  });
  return {
    scope: "turns",
    reason: `the agent did not answer session/prompt in the preflight's turn (--prompt) within ${Math.round(outcome.waitedMs)} ms, so no turn is waited for again`,
    unlock: `a longer --timeout, if the agent's turns take longer than ${agent.options.timeoutMs} ms`,
  };
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
