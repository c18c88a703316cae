/** Client mode needs to know where to put the kit's agent: the command must contain {agent}. */
import { UsageError } from "../../kit/errors.js";
import type { RunPlan } from "../../kit/run-options.js";
import type { PreflightResult } from "../../kit/scenario.js";

export async function preflightClient(plan: RunPlan): Promise<PreflightResult> {
  if (!plan.target.args.some((arg) => arg.includes("{agent}")) && !plan.target.command.includes("{agent}")) {
    throw new UsageError(
      "the client command must contain {agent} where the client takes its agent (a command or a path), for example: acp-conformance client -- my-client --agent {agent}",
    );
  }
  return {};
}
