/**
 * An agent that ignores the end of its stdin is learned once, in the preflight, for the whole
 * run. Every scenario ends its agent by closing stdin and waiting --close-grace before SIGTERM;
 * against such an agent that wait would be spent again in every scenario and property case.
 * The preflight's own teardown is the observation: when the agent outlived the grace there,
 * the preflight fails agent.cleanup.exits-on-stdin-close, later teardowns signal at once, and
 * the scenario that exists for the requirement says it was judged in the preflight instead of
 * waiting again. Learned before any scenario starts, so every scenario sees the same thing
 * however they are scheduled.
 */
import type { CheckInput, ScenarioContext } from "../../kit/scenario.js";
import type { TargetProcess } from "../../kit/process/target.js";
import { survivorEvidence } from "../../kit/process/tree.js";
import type { TeardownReport } from "../../kit/process/teardown.js";

const REQUIREMENT = "agent.cleanup.exits-on-stdin-close";

/** The preflight's check, when its teardown had to signal an agent that outlived --close-grace. */
export function ignoredStdinEndCheck(
  teardown: TeardownReport | undefined,
  target: TargetProcess,
  closeGraceMs: number,
): CheckInput | undefined {
  if (teardown?.exitedAt !== "sigterm" && teardown?.exitedAt !== "sigkill") return undefined;
  return {
    requirement: REQUIREMENT,
    verdict: "fail",
    message: `the agent was still running ${closeGraceMs} ms after its stdin closed at the end of the preflight (--close-grace); the kit had to signal it, and does so at once in every later scenario`,
    evidence: {
      processes: survivorEvidence(teardown.aliveAfter["stdin-closed"] ?? []),
      stderrTail: target.stderrTail(),
    },
  };
}

/** Whether the preflight already saw the agent ignore the end of its stdin. */
export function stdinEndIgnoredInPreflight(context: ScenarioContext): boolean {
  return context.preflight.knownDefects?.includes(REQUIREMENT) ?? false;
}

/** How long a teardown waits for the agent to exit after its stdin closes: not at all once it was seen not to. */
export function closeGraceFor(context: ScenarioContext): number {
  return stdinEndIgnoredInPreflight(context) ? 0 : context.options.closeGraceMs;
}

/** What the scenario for the requirement records instead of waiting out --close-grace again. */
export function judgedInPreflightCheck(context: ScenarioContext): CheckInput {
  return {
    requirement: REQUIREMENT,
    verdict: "not-tested",
    message: `not waited for again: the preflight already saw the agent still running ${context.options.closeGraceMs} ms after its stdin closed (--close-grace), and failed it there`,
  };
}
