/**
 * Client mode's preflight. The command must contain {agent}: that is where the kit's agent goes.
 * Then the client plays one ordinary turn, as the scenarios would (in the protocol version the
 * run tests), and only learns from it: it records no check, every requirement is the
 * scenarios' to judge.
 * - A client that never started {agent}, or started it and never sent it anything (not even
 *   initialize), cannot be exercised at all: every scenario ends at once, not tested, with that
 *   reason, rather than each running the client until it gives up.
 * - A client still running at --client-timeout after its turn, though its agent ended and
 *   nothing it started is left, stays after its turn: later runs stop it soon after its agents
 *   end rather than each waiting out --client-timeout (driver.ts, STOP_AFTER_TURN_MS).
 */
import { randomUUID } from "node:crypto";
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import type { PreflightResult } from "../../kit/scenario.js";
import { preflightContext } from "../harness/preflight-context.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { describeExit, runClient, type ClientRun } from "./driver.js";
import { agentScriptV2 } from "./v2/agent-scripts-v2.js";

export async function preflightClient(plan: RunPlan, runId: string = randomUUID()): Promise<PreflightResult> {
  if (!plan.target.args.some((arg) => arg.includes("{agent}")) && !plan.target.command.includes("{agent}")) {
    throw new UsageError(
      "the client command must contain {agent} where the client takes its agent (a command or a path), for example: acp-conformance client -- my-client --agent {agent}",
    );
  }
  const { context, cleanUp } = preflightContext(plan, runId);
  try {
    const turn = [{ message: nonce("preflight") }, { stop: "end_turn" as const }];
    const run = await runClient(
      context,
      plan.options.protocolVersion === 2 ? agentScriptV2(turn) : agentScript(turn),
    );
    if (!run.events.some((event) => event.kind === "received")) return { blocker: saidNothing(run) };
    return run.stayedAfterWork ? { staysAfterTurn: true } : {};
  } finally {
    await cleanUp();
  }
}

/**
 * The blocker for a client its agent heard nothing from. The kit's agent records its first
 * event as it starts (the grandchildren it spawns), so no event at all means it never ran.
 */
function saidNothing(run: ClientRun): NonNullable<PreflightResult["blocker"]> {
  const how = `${describeExit(run)} after ${(run.durationMs / 1000).toFixed(1)} s`;
  return {
    scope: "client-runs",
    reason:
      run.events.length === 0
        ? `the client never started the kit's agent in the preflight's turn (${how}): check that the command passes {agent} as the agent to run; no scenario can exercise it`
        : `the kit's agent received nothing from the client in the preflight's turn (${how}): the client started {agent} but never sent it initialize, so no scenario can exercise it`,
    unlock: `${run.timedOut ? "a longer --client-timeout, if the client takes longer to start its agent; or " : ""}a command with which the client starts its agent and a turn by itself, such as a prompt argument or a test entry point`,
  };
}
