/**
 * Before any v2 scenario: start the agent once and see whether the v2 basics work (modelled on
 * ../preflight.ts): an answer to a v2 initialize that says 2, and a session. An agent that
 * cannot start is a usage problem; one that gives no usable v2 answer (silence, an error, or
 * another version: a v1-only agent answers 1) is the blocker that ends the scenarios needing it,
 * not tested and saying why. Its answers' latency sets the scenarios' waits, and whether it
 * exited when its stdin closed their teardowns' (../stdin-end-learned.ts); `info` goes into
 * the report.
 */
import { randomUUID } from "node:crypto";
import type { RunPlan } from "../../../kit/run-options.js";
import { failedRequirements, type PreflightResult, StopScenario } from "../../../kit/scenario.js";
import { preflightContext } from "../../harness/preflight-context.js";
import { slowestAnswerAfterInitialize } from "../answer-waits.js";
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
  try {
    await agent.newSession();
  } catch (error) {
    if (!(error instanceof StopScenario)) throw error;
    found.blocker = {
      scope: "sessions",
      reason: `the agent created no v2 session in the preflight (${error.message})`,
    };
  }
  const latencyMs = slowestAnswerAfterInitialize(agent.connection.sent);
  if (latencyMs !== undefined) found.latencyMs = latencyMs;
  return found;
}
