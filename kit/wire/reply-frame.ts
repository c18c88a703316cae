/** The kit's reply to a request the target sent it, schema-checked: an invalid one is a kit bug. */
import { KitBugError } from "../errors.js";
import type { ReplyToTarget } from "./connection-types.js";
import type { IncomingMessage } from "./frame-inspector.js";
import { type AcpSchema, formatIssues } from "./schema.js";

export type TargetRequest = IncomingMessage & { message: { kind: "request" } };

export function replyFrame(
  schema: AcpSchema,
  request: TargetRequest,
  reply: ReplyToTarget,
): Record<string, unknown> {
  const frame: Record<string, unknown> = { jsonrpc: "2.0", id: request.message.id };
  if ("error" in reply) {
    frame.error = reply.error;
    return frame;
  }
  const issues = schema.validateResult(request.message.method, reply.result);
  if (issues && issues.length > 0)
    throw new KitBugError(
      `the kit was about to answer ${request.message.method} with an invalid result: ${formatIssues(issues)}`,
    );
  frame.result = reply.result;
  return frame;
}
