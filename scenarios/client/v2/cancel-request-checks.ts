/**
 * cancellation (v2): the permission request the kit's agent withdraws with `$/cancel_request`
 * in update-variants-v2.ts. cancellation.mdx#cancel_request-notification: the receiver MUST
 * still send one response for the original request, a valid result or error -32800 (Request
 * Cancelled). Whether the client kept serving after it is the probes' to tell; this judges the
 * answers to that one request id.
 */
import type { ClientRun } from "../driver.js";
import { agentRequests, answersTo, describeAnswer, type Message } from "../wire-frames.js";
import { CANCELLED_TOOL_CALL } from "./request-payloads-v2.js";

const subjectToolCall = (params: Message) =>
  ((params.subject as Message | undefined)?.toolCall as Message | undefined)?.toolCallId;

/** The id of the permission request the agent cancelled, once it was sent. */
export function cancelledRequestId(run: ClientRun): unknown {
  return agentRequests(
    run,
    "session/request_permission",
    (params) => subjectToolCall(params) === CANCELLED_TOOL_CALL,
  )[0]?.message.id;
}

/** Why the client's answers to the cancelled request break the rule; undefined when it answered once, validly. */
export function cancelledRequestProblem(run: ClientRun): string | undefined {
  const id = cancelledRequestId(run);
  if (id === undefined) return undefined;
  const answers = answersTo(run, id).map(({ message }) => message);
  if (answers.length === 0)
    return "the client never answered the permission request the agent withdrew with $/cancel_request; it must still answer it once (a result or error -32800)";
  if (answers.length > 1)
    return `the client answered the permission request the agent withdrew ${answers.length} times (${answers.map(describeAnswer).join("; ")}); it must answer it exactly once`;
  const error = answers[0]!.error as { code?: unknown } | undefined;
  if (error !== undefined && error?.code !== -32800)
    return `the client answered the permission request the agent withdrew with ${describeAnswer(answers[0])}; a cancelled request is answered with a result or error -32800 (Request Cancelled)`;
  return undefined;
}
