/** Host mode needs to know where to put the kit's adapter: the command must contain {adapter}. */
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import type { PreflightResult } from "../../kit/scenario.js";

export async function preflightHost(plan: RunPlan): Promise<PreflightResult> {
  if (
    !plan.target.args.some((arg) => arg.includes("{adapter}")) &&
    !plan.target.command.includes("{adapter}")
  ) {
    throw new UsageError(
      "the host command must contain {adapter} where the host takes the adapter to run, for example: acp-conformance host -- my-host --adapter {adapter}",
    );
  }
  return {};
}
