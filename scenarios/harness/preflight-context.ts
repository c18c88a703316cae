/**
 * The context a mode's preflight runs its probe in: a scenario context whose checks are
 * collected (to be recorded under the pseudo-scenario "preflight") and whose cleanups run
 * when the probe is done, so the preflight drives the target exactly as a scenario would.
 */
import type { CheckInput, ScenarioContext } from "../../kit/scenario.js";
import type { RunPlan } from "../../kit/run-options.js";

export interface PreflightContext {
  context: ScenarioContext;
  /** Every check the probe recorded, in order. */
  checks: CheckInput[];
  /** Runs the probe's cleanups, newest first (call it in a finally). */
  cleanUp(): Promise<void>;
}

export function preflightContext(plan: RunPlan, runId: string): PreflightContext {
  const checks: CheckInput[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const context: ScenarioContext = {
    scenarioId: "preflight",
    mode: plan.mode,
    options: plan.options,
    target: plan.target,
    signal: new AbortController().signal,
    runId,
    preflight: {},
    check: (input) => void checks.push(input),
    defer: (cleanup) => void cleanups.push(cleanup),
    recordProperty: () => {},
  };
  return {
    context,
    checks,
    async cleanUp() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
