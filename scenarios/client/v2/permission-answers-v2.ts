/**
 * permission (v2): the client's answers to the permission requests the kit's agent sends as raw
 * requests in update-variants-v2.ts (no subject, a command subject, an unknown subject type,
 * each offering an option of unknown kind), and the check that each outcome is one v2 allows
 * (tool-calls.mdx#requesting-permission): cancelled, selected with an offered optionId, or a
 * custom outcome beginning with `_` (extensibility.mdx#enum-and-tagged-union-variants).
 */
import type { ScenarioContext } from "../../../kit/scenario.js";
import { describeExit, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { cancelledRequestId } from "./cancel-request-checks.js";
import { PERMISSION_OPTIONS } from "./request-payloads-v2.js";

const SUBJECTS = ["with no subject", "with a command subject", "with a _kit_subject subject"];

export interface PermissionAnswer {
  /** Which request it answered, in words. */
  title: string;
  result?: unknown;
  error?: unknown;
}

/** The client's answers to the agent's raw session/request_permission requests, in order. */
export function permissionAnswers(run: ClientRun): PermissionAnswer[] {
  const withdrawn = cancelledRequestId(run); // cancel-request-checks.ts judges its answer
  return run.events
    .flatMap((event) =>
      event.kind === "response" && event.method === "session/request_permission" && event.id !== withdrawn
        ? [event]
        : [],
    )
    .map((event, index) => ({
      title: `the request ${SUBJECTS[index] ?? `number ${index + 1}`}`,
      ...("error" in event && event.error !== undefined ? { error: event.error } : { result: event.result }),
    }));
}

/** Why `result` is not an outcome v2 allows for a request offering PERMISSION_OPTIONS; undefined when it is. */
function outcomeProblem(result: unknown): string | undefined {
  const outcome = (result as { outcome?: unknown } | null)?.outcome as Record<string, unknown> | undefined;
  const kind = outcome?.outcome;
  if (typeof kind !== "string") return "it has no outcome";
  if (kind === "cancelled" || kind.startsWith("_")) return undefined;
  if (kind !== "selected")
    return `its outcome ${JSON.stringify(kind)} is neither selected, cancelled, nor a custom value beginning with _`;
  if (!PERMISSION_OPTIONS.some((option) => option.optionId === outcome?.optionId))
    return `it selected optionId ${JSON.stringify(outcome?.optionId)}, which the request did not offer (${PERMISSION_OPTIONS.map((option) => option.optionId).join(", ")})`;
  return undefined;
}

export function judgePermissionOutcomes(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.v2.permission.valid-outcome";
  const answered = permissionAnswers(run).filter((answer) => answer.error === undefined);
  const invalid = answered.flatMap((answer) => {
    const problem = outcomeProblem(answer.result);
    return problem ? [`${answer.title}: ${problem} (${JSON.stringify(answer.result).slice(0, 200)})`] : [];
  });
  if (answered.length === 0)
    checkNotExercised(
      context,
      requirement,
      `the client answered none of the agent's permission requests with a result (${describeExit(run)})`,
    );
  else if (invalid.length > 0)
    context.check({
      requirement,
      verdict: "fail",
      message: `the client answered ${invalid[0]}`,
      evidence: { details: invalid },
    });
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `the client answered ${answered.length} permission request(s), each with cancelled or an offered option (${answered.map((answer) => JSON.stringify((answer.result as { outcome?: unknown }).outcome)).join(", ")})`,
    });
}
