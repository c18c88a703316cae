/**
 * Before any scenario: check that the command names {adapter} (a usage problem otherwise),
 * then run one plain task as a scenario would. A host that never starts the kit's adapter
 * cannot be tested at all: every scenario ends at once, not tested, with that reason, rather
 * than each running the host for nothing. A host that keeps the adapter's stdin open has the
 * kit's adapter wait 2 s for EOF in the preflight only; later scenarios go on at once.
 */
import { randomUUID } from "node:crypto";
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import { failedRequirements, type PreflightResult } from "../../kit/scenario.js";
import { preflightContext } from "../harness/preflight-context.js";
import { describeHostExit, nonce, runHost } from "./driver.js";
import { recordEnvelopeCheck } from "./generic-checks.js";

export async function preflightHost(plan: RunPlan, runId: string = randomUUID()): Promise<PreflightResult> {
  if (
    !plan.target.args.some((arg) => arg.includes("{adapter}")) &&
    !plan.target.command.includes("{adapter}")
  ) {
    throw new UsageError(
      "the host command must contain {adapter} where the host takes the adapter to run, for example: acp-conformance host -- my-host --adapter {adapter}",
    );
  }
  const { context, checks, cleanUp } = preflightContext(plan, runId);
  try {
    const run = await runHost(context, [{ message: { id: "control", text: nonce("control") } }]);
    recordEnvelopeCheck(context, run);
    const envelopes = run.events.filter((event) => event.kind === "envelope");
    if (envelopes.length === 0)
      return {
        checks,
        blocker: {
          scope: "tasks",
          reason: `the host never started the kit's adapter in the preflight (${describeHostExit(run)}): check that the command passes {adapter} as the adapter to run`,
        },
      };
    return { checks, knownDefects: failedRequirements(checks) };
  } finally {
    await cleanUp();
  }
}
