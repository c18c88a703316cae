/**
 * Client mode's preflight. The command must contain {agent}: that is where the kit's agent goes.
 * Then the client plays one ordinary turn, as the scenarios would, and only learns from it
 * (it records no check: every requirement is the scenarios' to judge). A client still running
 * at --client-timeout after that turn, though its agent ended and nothing it started is left,
 * stays after its turn: later runs stop it soon after its agents end rather than each waiting
 * out --client-timeout (driver.ts, STOP_AFTER_TURN_MS).
 */
import { randomUUID } from "node:crypto";
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import type { PreflightResult } from "../../kit/scenario.js";
import { preflightContext } from "../harness/preflight-context.js";
import { playOrdinaryTurn } from "./ordinary-turn.js";

export async function preflightClient(plan: RunPlan, runId: string = randomUUID()): Promise<PreflightResult> {
  if (!plan.target.args.some((arg) => arg.includes("{agent}")) && !plan.target.command.includes("{agent}")) {
    throw new UsageError(
      "the client command must contain {agent} where the client takes its agent (a command or a path), for example: acp-conformance client -- my-client --agent {agent}",
    );
  }
  // The ordinary turn's agent speaks v1; what a v2 client does after its turn is not learned yet.
  if (plan.options.protocolVersion !== 1) return {};
  const { context, cleanUp } = preflightContext(plan, runId);
  try {
    const { run } = await playOrdinaryTurn(context);
    return run.stayedAfterWork ? { staysAfterTurn: true } : {};
  } finally {
    await cleanUp();
  }
}
