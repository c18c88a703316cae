/**
 * Before any v2 scenario: start the agent once and see whether the v2 basics work (modelled on
 * ../preflight.ts): an answer to a v2 initialize that says 2, and a session. An agent that
 * cannot start is a usage problem; one that gives no usable v2 answer (silence, an error, or
 * another version: a v1-only agent answers 1) is the blocker that ends the scenarios needing it,
 * not tested and saying why; so does a turn that never ends, when --prompt is given
 * (tryOneTurn). Its answers' latency sets the scenarios' waits, and whether it exited when its
 * stdin closed their teardowns' (../stdin-end-learned.ts); `info` goes into the report.
 */
import { randomUUID } from "node:crypto";
import type { RunPlan } from "../../../kit/run-options.js";
import { failedRequirements, type PreflightResult, StopScenario } from "../../../kit/scenario.js";
import { preflightContext } from "../../harness/preflight-context.js";
import { slowestAnswerAfterInitialize } from "../answer-waits.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { ignoredStdinEndCheck } from "../stdin-end-learned.js";
import { AgentV2UnderTest } from "./driver.js";

export async function preflightAgentV2(
  plan: RunPlan,
  runId: string = randomUUID(),
): Promise<PreflightResult> {
  const { context, checks, cleanUp } = preflightContext(plan, runId);
  let agent: AgentV2UnderTest;
  let found: Omit<PreflightResult, "checks">;
  try {
    agent = await AgentV2UnderTest.start(context);
    found = await probe(agent);
  } finally {
    await cleanUp();
  }
  const ignoredStdinEnd = ignoredStdinEndCheck(agent.teardown, agent.target, plan.options.closeGraceMs);
  if (ignoredStdinEnd) checks.push(ignoredStdinEnd);
  return { ...found, checks, knownDefects: failedRequirements(checks) };
}

async function probe(agent: AgentV2UnderTest): Promise<Omit<PreflightResult, "checks">> {
  const { startupTimeoutMs } = agent.options;
  let result: Record<string, unknown>;
  try {
    // Only --startup-timeout (as ../preflight.ts): past it every scenario would be blocked anyway.
    result = await agent.handshake({ waitMs: startupTimeoutMs });
  } catch (error) {
    if (!(error instanceof StopScenario)) throw error;
    const first = agent.connection.sent[0];
    const silent = first?.answeredAtMs === undefined;
    return {
      blocker: {
        scope: "initialize",
        reason: `the agent gave no usable answer to a v2 initialize in the preflight (${error.message})`,
        ...(silent
          ? {
              unlock: `a longer --startup-timeout, if the agent needs more than ${startupTimeoutMs} ms to start`,
            }
          : { unlock: "an agent that speaks ACP v2, or --protocol-version 1 to test this one as v1" }),
      },
    };
  }
  const info = result.info;
  const found: Omit<PreflightResult, "checks"> = {
    ...(info && typeof info === "object" ? { info: info as Record<string, unknown> } : {}),
  };
  let sessionId: string | undefined;
  try {
    sessionId = await agent.newSession();
  } catch (error) {
    if (!(error instanceof StopScenario)) throw error;
    found.blocker = {
      scope: "sessions",
      reason: `the agent created no v2 session in the preflight (${error.message})`,
    };
  }
  const latencyMs = slowestAnswerAfterInitialize(agent.connection.sent);
  if (latencyMs !== undefined) found.latencyMs = latencyMs;
  if (sessionId !== undefined) {
    const unendedTurn = await tryOneTurn(agent, sessionId);
    if (unendedTurn) found.blocker = unendedTurn;
  }
  return found;
}

/**
 * One turn with --prompt, when it is given (as ../preflight.ts does for v1). A v2 turn ends at
 * the idle state_update; an agent that never acknowledges the prompt, or acknowledges it and
 * never goes idle, would make every scenario and property case with a turn wait out the turn's
 * deadline again. Seen once here, it becomes the blocker that ends them at once, not tested
 * and saying why. What this turn showed fails here, as the turn checks would fail it: an
 * accepted turn must end idle (agent.v2.prompt.ends-idle-with-stop-reason); an unanswered
 * prompt fails the request's own deadline (agent.timeouts.request-answered, among the
 * per-frame checks).
 */
async function tryOneTurn(
  agent: AgentV2UnderTest,
  sessionId: string,
): Promise<PreflightResult["blocker"] | undefined> {
  const { prompt } = agent.options.prompts;
  if (prompt === undefined) return undefined;
  let turn: Awaited<ReturnType<AgentV2UnderTest["prompt"]>>;
  try {
    turn = await agent.prompt(sessionId, prompt);
  } catch (error) {
    // An answer that could not be paired: the scenarios meet and report it themselves.
    if (error instanceof StopScenario) return undefined;
    throw error;
  }
  const unlock = `a longer --timeout, if the agent's turns take longer than ${agent.options.timeoutMs} ms`;
  const { ack } = turn;
  if (ack.kind !== "response" && ack.reason === "timeout")
    return {
      scope: "turns",
      reason: `the agent did not acknowledge session/prompt in the preflight's turn (--prompt) within ${Math.round(ack.waitedMs)} ms, so no turn is waited for again`,
      unlock,
    };
  if (ack.kind !== "response" || ack.error || turn.idle !== undefined) return undefined;
  agent.context.check({
    requirement: "agent.v2.prompt.ends-idle-with-stop-reason",
    verdict: "fail",
    message: `the preflight's turn (--prompt) was acknowledged but got no idle state_update within --timeout and its grace (${describeOutcome(ack)}); ${turn.updates.length} update(s) came`,
    evidence: {
      transcript: excerptAround(agent.transcript, turn.request.seq),
      stderrTail: agent.target.stderrTail(),
    },
  });
  return {
    scope: "turns",
    reason:
      "the agent never went idle after acknowledging session/prompt in the preflight's turn (--prompt), so no turn is waited for again",
    unlock,
  };
}
