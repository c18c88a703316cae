/**
 * Before any scenario: start the agent once and send initialize. A target that cannot be
 * started, or exits before answering, is a usage problem (exit 2), not a pile of failures.
 * What it says about itself (agentInfo) goes into the report.
 */
import { randomUUID } from "node:crypto";
import { TargetProcess, targetMarker } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { UsageError } from "../../kit/errors.js";
import { JsonRpcConnection } from "../../kit/wire/connection.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { Transcript } from "../../kit/wire/transcript.js";
import { MAX_FRAME_BYTES, type RunPlan } from "../../kit/run-options.js";
import type { PreflightResult } from "../../kit/scenario.js";
import { defaultInitializeParams } from "./agent-requests.js";
import { withTimeout } from "../../kit/time.js";

export async function preflightAgent(plan: RunPlan, runId: string = randomUUID()): Promise<PreflightResult> {
  const target = await TargetProcess.spawn({
    command: plan.target.command,
    args: plan.target.args,
    cwd: plan.options.cwd,
    env: { ...plan.options.env, ACP_CONFORMANCE_SCENARIO: "preflight" },
    marker: targetMarker(runId),
    maxLineBytes: MAX_FRAME_BYTES,
  });
  const connection = new JsonRpcConnection({
    target,
    transcript: new Transcript(),
    schema: AcpSchema.load(),
    writeTimeoutMs: plan.options.timeoutMs,
  });
  try {
    const outcome = await connection.request("initialize", defaultInitializeParams(), {
      waitMs: plan.options.startupTimeoutMs,
    });
    if (outcome.kind === "no-response" && outcome.reason !== "timeout") {
      const exit = await withTimeout(target.exited, 500);
      const how = exit
        ? exit.code !== null
          ? `exited with code ${exit.code}`
          : `was killed by ${exit.signal}`
        : "closed its stdout";
      const stderr = target.stderrTail().trim().split("\n").slice(-5).join("\n    ");
      throw new UsageError(
        `the agent ${how} before answering initialize${stderr ? `; its stderr ends with:\n    ${stderr}` : " (it wrote nothing to stderr)"}`,
      );
    }
    const info =
      outcome.kind === "response"
        ? (outcome.result as { agentInfo?: unknown } | undefined)?.agentInfo
        : undefined;
    return info && typeof info === "object" ? { info: info as Record<string, unknown> } : {};
  } finally {
    await tearDown(target, { closeGraceMs: Math.min(plan.options.closeGraceMs, 2_000), termGraceMs: 1_000 });
  }
}
