/**
 * What the kit checks of an ACP agent (the kit plays the client).
 *
 * Levels follow the spec's own keyword. Where the spec only describes behaviour (no RFC
 * keyword) or is silent, the entry carries a `rationale` for the kit's position; see
 * ../shared/reference/acp-v1-requirements.md §3 for the gap positions these come from.
 */
import type { Requirement } from "./types.js";

const TRANSPORTS = "docs/protocol/v1/transports.mdx";
const OVERVIEW = "docs/protocol/v1/overview.mdx";
const INITIALIZATION = "docs/protocol/v1/initialization.mdx";
const SESSION_SETUP = "docs/protocol/v1/session-setup.mdx";
const PROMPT_TURN = "docs/protocol/v1/prompt-turn.mdx";
const TOOL_CALLS = "docs/protocol/v1/tool-calls.mdx";

const agent = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "agent" as const,
  ...requirement,
});

export const ACP_AGENT_REQUIREMENTS = [
  // framing
  agent({
    id: "agent.framing.stdout-only-jsonrpc",
    title:
      "stdout carries only JSON-RPC messages, one per line: no banners, logs, pretty-printed JSON or blank lines",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
  }),
  agent({
    id: "agent.framing.utf8",
    title: "everything the agent writes to stdout is valid UTF-8",
    area: "framing",
    level: "must",
    cite: TRANSPORTS,
  }),
  agent({
    id: "agent.framing.accepts-split-frames",
    title: "a frame that arrives in many small writes with pauses between them is reassembled and answered",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "Messages are delimited by newlines only; a pipe gives no guarantee that one write arrives as one read.",
  }),
  agent({
    id: "agent.framing.accepts-coalesced-frames",
    title: "several frames arriving in one write are all answered",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale: "Messages are delimited by newlines only; a pipe may deliver several writes in one read.",
  }),
  agent({
    id: "agent.framing.accepts-crlf",
    title: "frames ending in CRLF instead of LF are accepted",
    area: "framing",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale: "The kit tolerates CRLF from peers and expects the same robustness of them (gap position 7).",
  }),
  // jsonrpc
  agent({
    id: "agent.jsonrpc.version-field",
    title: 'every frame carries "jsonrpc": "2.0"',
    area: "jsonrpc",
    level: "must",
    cite: "schema/v1/schema.json#/anyOf/0/properties/jsonrpc",
  }),
  agent({
    id: "agent.jsonrpc.id-echo",
    title:
      "a response carries its request's id unchanged in type and value (0, integers above 2^32, unicode strings)",
    area: "jsonrpc",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/RequestId",
  }),
  agent({
    id: "agent.jsonrpc.one-response-per-request",
    title: "each request gets at most one response, and no response names an id the client never sent",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#communication-model`,
  }),
  agent({
    id: "agent.jsonrpc.envelope",
    title:
      "frames follow the JSON-RPC envelope: ids are strings or integers, a response has exactly one of result and error, an error has an integer code and a string message",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#error-handling`,
  }),
  agent({
    id: "agent.jsonrpc.no-reply-to-notification",
    title: "notifications (idle session/cancel, unknown and _-prefixed notifications) never get a reply",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#error-handling`,
  }),
  agent({
    id: "agent.jsonrpc.method-not-found",
    title: "a request for an unknown method, _-prefixed or not, gets error -32601",
    area: "jsonrpc",
    level: "should",
    cite: "docs/protocol/v1/extensibility.mdx#custom-requests",
  }),
  agent({
    id: "agent.jsonrpc.survives-parse-error",
    title: "after a line that is not valid JSON the agent keeps serving requests",
    area: "jsonrpc",
    level: "should",
    cite: `${OVERVIEW}#error-handling`,
    rationale:
      "The spec forbids clients from writing such lines, so surviving one is robustness rather than conformance; but JSON-RPC answers a parse error with -32700, and a peer that dies of one bad line takes every session with it.",
  }),
  agent({
    id: "agent.jsonrpc.parse-error-code",
    title: "a line that is not valid JSON is answered with error -32700 and id null",
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
  }),
  agent({
    id: "agent.jsonrpc.invalid-request",
    title: 'an object that is not a valid request ("method": 1) is answered with error -32600',
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    rationale:
      "The probe is JSON-RPC 2.0's own example of an invalid request. An object with an id but no method is not used: in two-way JSON-RPC it reads as a malformed response, which is never answered.",
  }),
  agent({
    id: "agent.jsonrpc.invalid-params",
    title: "a known method with missing or wrongly typed params gets error -32602",
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
  }),
  // schema
  agent({
    id: "agent.schema.valid-payloads",
    title: "every params and result the agent sends validates against the v1 schema for its method",
    area: "schema",
    level: "must",
    cite: "schema/v1/schema.json",
  }),
  // initialization
  agent({
    id: "agent.initialization.same-version",
    title: "initialize with protocolVersion 1 is answered with protocolVersion 1",
    area: "initialization",
    level: "must",
    cite: `${INITIALIZATION}#version-negotiation`,
  }),
  agent({
    id: "agent.initialization.no-echo-unsupported",
    title: "an unsupported protocolVersion (65535) is never echoed; the agent answers its own latest version",
    area: "initialization",
    level: "must",
    cite: `${INITIALIZATION}#version-negotiation`,
  }),
  agent({
    id: "agent.initialization.rejects-mistyped-version",
    title: 'a protocolVersion of the wrong JSON type ("1", true) is rejected with an error',
    area: "initialization",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ProtocolVersion",
    rationale: "Coercing a string or boolean hides client bugs; the schema requires an integer.",
  }),
  agent({
    id: "agent.initialization.agent-info",
    title: "the initialize result names the agent: agentInfo with name and version",
    area: "initialization",
    level: "should",
    cite: `${INITIALIZATION}#implementation-information`,
  }),
  // session-matching
  agent({
    id: "agent.session-matching.unique-session-ids",
    title: "each session/new returns a session id no other session has",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#session-id`,
  }),
  agent({
    id: "agent.session-matching.updates-carry-session-id",
    title: "every session/update during a turn carries the prompted session's id",
    area: "session-matching",
    level: "must",
    cite: `${PROMPT_TURN}#3-agent-reports-output`,
  }),
  agent({
    id: "agent.session-matching.unknown-session-rejected",
    title: "a prompt for a session id that was never created is answered with an error",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#session-id`,
    rationale:
      "The spec names no code for an unknown session; any error will do, but success is wrong (gap position 2).",
  }),
  agent({
    id: "agent.session-matching.concurrent-sessions-isolated",
    title: "two sessions prompted at the same time never receive each other's updates",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#session-id`,
  }),
  // prompt
  agent({
    id: "agent.prompt.answered-with-stop-reason",
    title: "a prompt turn ends with one result carrying a stopReason, not an error",
    area: "prompt",
    level: "must",
    cite: `${PROMPT_TURN}#4-check-for-completion`,
  }),
  agent({
    id: "agent.prompt.no-content-after-response",
    title:
      "no turn content (message or thought chunks, tool calls, plan) for the session follows the prompt's response",
    area: "prompt",
    level: "must",
    cite: `${PROMPT_TURN}#4-check-for-completion`,
    rationale:
      "Turn output belongs before the response; state updates such as available_commands_update may come at any time (gap position 6).",
  }),
  // cancellation
  agent({
    id: "agent.cancellation.stop-reason-cancelled",
    title: "session/cancel during a turn ends it with stopReason cancelled, not an error or another reason",
    area: "cancellation",
    level: "must",
    cite: `${PROMPT_TURN}#cancellation`,
  }),
  agent({
    id: "agent.cancellation.no-updates-after-response",
    title: "no session/update for the session follows the response to a cancelled prompt",
    area: "cancellation",
    level: "must",
    cite: `${PROMPT_TURN}#cancellation`,
  }),
  agent({
    id: "agent.cancellation.no-reply-to-cancel",
    title: "the session/cancel notification sent during a turn gets no reply",
    area: "cancellation",
    level: "must",
    cite: `${PROMPT_TURN}#cancellation`,
  }),
  // permission
  agent({
    id: "agent.permission.reject-honoured",
    title:
      "after the client selects a reject option, the tool call is never reported in_progress or completed",
    area: "permission",
    level: "must",
    cite: `${TOOL_CALLS}#requesting-permission`,
    rationale: "A rejected tool must not run; failed, or no further update, is fine.",
  }),
  agent({
    id: "agent.permission.cancelled-honoured",
    title: "after the outcome cancelled, the tool call is never reported in_progress or completed",
    area: "permission",
    level: "must",
    cite: `${TOOL_CALLS}#requesting-permission`,
  }),
  agent({
    id: "agent.permission.turn-ends-after-denial",
    title: "after a denied permission request the turn still ends with a stopReason, not an error",
    area: "permission",
    level: "must",
    cite: `${PROMPT_TURN}#4-check-for-completion`,
  }),
  // capabilities
  agent({
    id: "agent.capabilities.no-fs-unadvertised",
    title: "with no fs capability advertised, the agent never calls fs/*",
    area: "capabilities",
    level: "must",
    cite: "docs/protocol/v1/file-system.mdx#checking-support",
  }),
  agent({
    id: "agent.capabilities.no-terminal-unadvertised",
    title: "with no terminal capability advertised, the agent never calls terminal/*",
    area: "capabilities",
    level: "must",
    cite: "docs/protocol/v1/terminals.mdx#checking-support",
  }),
  // limits
  agent({
    id: "agent.limits.prompt-1mib",
    title: "a 1 MiB prompt line is answered or refused with an error, and the agent keeps serving",
    area: "limits",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "v1 sets no message size limit; large embedded context is normal and must not crash or hang an agent (gap position 8).",
  }),
  agent({
    id: "agent.limits.prompt-16mib",
    title: "a 16 MiB prompt line is answered or refused with an error, and the agent keeps serving",
    area: "limits",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "16 MiB is half the official SDK's default frame limit; a crash or hang there is a real interop bug.",
  }),
  agent({
    id: "agent.limits.json-array-survived",
    title: "a JSON array line (a batch, which v1 does not define) does not kill the agent",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "Clients must not send batches to v1 agents, so this is robustness rather than conformance: refusing the array is fine, dying on one input line takes every session with it (gap position 10).",
  }),
  agent({
    id: "agent.limits.stdout-line-bounded",
    title: "no stdout line is longer than 32 MiB, the official SDK's default frame limit",
    area: "limits",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "v1 sets no size limit, but a longer line breaks every client built on the official SDK, and an unterminated flood is a stdout that no client can read.",
  }),
  // timeouts
  agent({
    id: "agent.timeouts.initialize",
    title: "initialize is answered within --startup-timeout",
    area: "timeouts",
    level: "must",
    cite: `${INITIALIZATION}#protocol-version`,
    rationale: "The spec sets no deadline; the user chooses it (gap position 1).",
  }),
  agent({
    id: "agent.timeouts.request-answered",
    title: "every request is answered within --timeout",
    area: "timeouts",
    level: "must",
    cite: `${OVERVIEW}#communication-model`,
    rationale: "The spec sets no deadline; the user chooses it (gap position 1).",
  }),
  agent({
    id: "agent.timeouts.cancel-honoured",
    title: "a cancelled turn ends within --timeout of session/cancel",
    area: "timeouts",
    level: "should",
    cite: `${PROMPT_TURN}#cancellation`,
  }),
  // cleanup
  agent({
    id: "agent.cleanup.exits-on-stdin-close",
    title: "the agent exits by itself within the grace period after its stdin closes",
    area: "cleanup",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "The spec's teardown diagram closes stdin before terminating; an agent that ignores EOF relies on being killed.",
  }),
  agent({
    id: "agent.cleanup.no-surviving-descendants",
    title: "no process the agent started is still alive after the agent exits",
    area: "cleanup",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "Clients stop the agent process; grandchildren that outlive it leak (a common bug through npx/uvx wrappers).",
  }),
] as const satisfies readonly Requirement[];

export type AcpAgentRequirementId = (typeof ACP_AGENT_REQUIREMENTS)[number]["id"];
