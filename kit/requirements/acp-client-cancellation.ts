/**
 * Cancellation and concurrency as an ACP client meets them: the agent cancels one of its own
 * requests with `$/cancel_request` (the client still answers it once), the client cancels one
 * of its own (the id must name a request of its still pending), -32800 answers to the client's
 * requests, several agent requests open at once, and updates that follow the client's
 * session/cancel. Joined into the client's requirements in acp-client.ts.
 */
import { OVERVIEW, PROMPT_TURN } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const CANCELLATION = "docs/protocol/v1/cancellation.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  ...requirement,
});

export const ACP_CLIENT_CANCELLATION_REQUIREMENTS = [
  client({
    id: "client.cancellation.cancel-request-answered",
    title:
      "a request the agent cancels with $/cancel_request is still answered exactly once: a valid result or error -32800",
    area: "cancellation",
    level: "must",
    cite: `${CANCELLATION}#cancel_request-notification`,
  }),
  client({
    id: "client.cancellation.own-cancel-request-valid",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-errors.ts and hung-agent.ts
    title:
      "a $/cancel_request the client sends is a notification whose requestId names one of its own requests still pending",
    area: "cancellation",
    level: "should",
    cite: `${CANCELLATION}#cancel_request-notification`,
    rationale:
      "The spec defines $/cancel_request as cancelling the sender's own request without saying what a stray one means; the kit holds that an id never sent, or already answered, is a defect of the sender.",
    position: true,
  }),
  client({
    id: "client.cancellation.survives-cancelled-error",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/jsonrpc-errors.ts
    title:
      "error -32800 (Request cancelled) for the client's first session/new does not wedge it: it sends another request that is served, or ends by itself",
    area: "cancellation",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    rationale:
      "-32800 is one of the schema's error codes and the answer a cancelled request gets (cancellation.mdx); a client that stalls on it is stuck for good.",
  }),
  client({
    id: "client.jsonrpc.answers-concurrent-requests",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/concurrent-requests.ts
    title:
      "while its prompt is pending, the client answers every one of several agent requests sent at once (two permission requests and a custom one)",
    area: "jsonrpc",
    level: "should",
    cite: `${OVERVIEW}#communication-model`,
    rationale:
      "The spec has both sides send requests over one stream at any time without saying how many may be open; the kit holds that a client answers each, whatever order it answers them in.",
    position: true,
  }),
  client({
    id: "client.prompt.updates-after-cancel",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/cancellation.ts
    title:
      "after the client's session/cancel, a tool_call_update and the cancelled stop reason are taken without a hang or a crash",
    area: "prompt",
    level: "should",
    cite: `${PROMPT_TURN}#cancellation`,
    rationale:
      "The spec says the client should still accept tool call updates after it sent session/cancel; only a client that can be made to cancel is tested (its test entry point cancels when ACP_CONFORMANCE_SCENARIO is client.permission.cancel-while-asking, or --cancel-signal).",
  }),
] as const satisfies readonly Requirement[];
