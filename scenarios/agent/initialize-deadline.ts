/**
 * agent.timeouts.initialize, judged on every initialize the kit sends: answered within
 * --startup-timeout passes; answered later, or not at all in the time it was waited for, fails.
 * An agent that exited, or whose answer came but could not be paired, is judged elsewhere (the
 * preflight refuses the one; the per-frame checks report the other).
 */
import type { TargetProcess } from "../../kit/process/target.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import type { Transcript } from "../../kit/wire/transcript.js";
import { excerptAround } from "./evidence.js";

export function recordInitializeDeadline(
  agent: { context: ScenarioContext; transcript: Transcript; target: TargetProcess },
  outcome: RequestOutcome,
): void {
  const { startupTimeoutMs } = agent.context.options;
  const sent = outcome.request;
  if (outcome.kind === "response" && outcome.latencyMs <= startupTimeoutMs) {
    agent.context.check({
      requirement: "agent.timeouts.initialize",
      verdict: "pass",
      message: `initialize answered in ${Math.round(outcome.latencyMs)} ms`,
      evidence: { timings: { latencyMs: Math.round(outcome.latencyMs), startupTimeoutMs } },
    });
  } else if (outcome.kind === "response" || outcome.reason === "timeout") {
    const how =
      outcome.kind === "response"
        ? `answered only after ${Math.round(outcome.latencyMs)} ms`
        : `not answered within ${Math.round(outcome.waitedMs)} ms`;
    agent.context.check({
      requirement: "agent.timeouts.initialize",
      verdict: "fail",
      message: `initialize ${how}; --startup-timeout is ${startupTimeoutMs} ms`,
      evidence: {
        timings: { startupTimeoutMs },
        transcript: excerptAround(agent.transcript, sent.seq),
        stderrTail: agent.target.stderrTail(),
      },
    });
  }
}
