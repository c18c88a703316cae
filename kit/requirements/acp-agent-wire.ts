/** What an ACP agent owes on the wire: framing, JSON-RPC, the schema, and initialization. */
import { TRANSPORTS, OVERVIEW, INITIALIZATION } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_WIRE_REQUIREMENTS = [
  // framing
  agent({
    id: "agent.framing.stdout-only-jsonrpc",
    title:
      "stdout carries only JSON-RPC messages, one per line: no banners, logs, pretty-printed JSON or blank lines",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.framing.utf8",
    title: "everything the agent writes to stdout is valid UTF-8",
    area: "framing",
    level: "must",
    cite: TRANSPORTS,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.framing.accepts-split-frames",
    title: "a frame that arrives in many small writes with pauses between them is reassembled and answered",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale:
      "Messages are delimited by newlines only; a pipe gives no guarantee that one write arrives as one read.",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.framing.accepts-coalesced-frames",
    title: "several frames arriving in one write are all answered",
    area: "framing",
    level: "must",
    cite: `${TRANSPORTS}#stdio`,
    rationale: "Messages are delimited by newlines only; a pipe may deliver several writes in one read.",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.framing.accepts-crlf",
    title: "frames ending in CRLF instead of LF are accepted",
    area: "framing",
    level: "should",
    cite: `${TRANSPORTS}#stdio`,
    rationale: "The kit tolerates CRLF from peers and expects the same robustness of them.",
    position: true,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  // jsonrpc
  agent({
    id: "agent.jsonrpc.version-field",
    title: 'every frame carries "jsonrpc": "2.0"',
    area: "jsonrpc",
    level: "must",
    cite: "schema/v1/schema.json#/anyOf/0/properties/jsonrpc",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
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
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.envelope",
    title:
      "frames follow the JSON-RPC envelope: ids are strings or integers, a response has exactly one of result and error, an error has an integer code and a string message",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#error-handling`,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.no-reply-to-notification",
    title: "notifications (idle session/cancel, unknown and _-prefixed notifications) never get a reply",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#error-handling`,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.method-not-found",
    title: "a request for an unknown method, _-prefixed or not, gets error -32601",
    area: "jsonrpc",
    level: "should",
    cite: "docs/protocol/v1/extensibility.mdx#custom-requests",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.survives-parse-error",
    title: "after a line that is not valid JSON the agent keeps serving requests",
    area: "jsonrpc",
    level: "should",
    cite: `${OVERVIEW}#error-handling`,
    rationale:
      "The spec forbids clients from writing such lines, so surviving one is robustness rather than conformance; but JSON-RPC answers a parse error with -32700, and a peer that dies of one bad line takes every session with it.",
    position: true,
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.parse-error-code",
    title: "a line that is not valid JSON is answered with error -32700 and id null",
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.invalid-request",
    title: 'an object that is not a valid request ("method": 1) is answered with error -32600',
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    rationale:
      "The probe is JSON-RPC 2.0's own example of an invalid request. An object with an id but no method is not used: in two-way JSON-RPC it reads as a malformed response, which is never answered.",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
  }),
  agent({
    id: "agent.jsonrpc.invalid-params",
    title: "a known method with missing or wrongly typed params gets error -32602",
    area: "jsonrpc",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/ErrorCode",
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
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
    title:
      "an unsupported protocolVersion (65535) is never echoed; the agent answers its own latest version, never below the version it answers to 1 (so never 0)",
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
] as const satisfies readonly Requirement[];
