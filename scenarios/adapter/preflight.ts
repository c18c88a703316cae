/**
 * Before any scenario: run the ordinary task once, as a scenario would, and record the generic
 * checks it shows. An adapter that does not finish it within --timeout would make every
 * scenario and every property case wait out --timeout again: they end at once, not tested,
 * with that reason, and adapter.timeouts.finishes-in-time fails here. An adapter whose helpers
 * outlive it has later runs list survivors as it exits instead of waiting a second for each,
 * and one that lingers after its work has later runs stopped once they fall silent (for twice
 * the widest gap it left between its lines here).
 */
import { randomUUID } from "node:crypto";
import type { RunPlan } from "../../kit/run-options.js";
import { failedRequirements, type PreflightResult } from "../../kit/scenario.js";
import { preflightContext } from "../harness/preflight-context.js";
import { envelopeLine, PROMPT, runAdapter, TASK, widestLineGapMs } from "./driver.js";
import { recordGenericAdapterChecks } from "./generic-checks.js";

export async function preflightAdapter(
  plan: RunPlan,
  runId: string = randomUUID(),
): Promise<PreflightResult> {
  const { context, checks, cleanUp } = preflightContext(plan, runId);
  try {
    const run = await runAdapter(context, envelopeLine(TASK, PROMPT));
    recordGenericAdapterChecks(context, run);
    if (run.timedOut)
      return {
        checks,
        blocker: {
          scope: "tasks",
          reason: `the adapter did not finish an ordinary task within --timeout (${plan.options.timeoutMs} ms) in the preflight`,
          unlock: `a longer --timeout, if the adapter needs more than ${plan.options.timeoutMs} ms for a task`,
        },
      };
    return { checks, knownDefects: failedRequirements(checks), lineGapMs: widestLineGapMs(run) };
  } finally {
    await cleanUp();
  }
}
