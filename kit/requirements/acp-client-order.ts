/**
 * What an ACP client sends, judged over every run: the order (initialize first, a session only
 * after initialize's answer, a prompt only after its session's), the version and the params it
 * sends (protocolVersion, clientInfo, clientCapabilities, absolute paths, MCP servers, session
 * ids the agent returned, no custom root fields, custom methods prefixed, trace context), and
 * its JSON-RPC manners (one prompt at a time per session, no reply to a notification, exactly
 * one answer to each of the agent's requests). Joined into the client's requirements in
 * acp-client.ts.
 */
import { INITIALIZATION, OVERVIEW, PROMPT_TURN, SESSION_SETUP } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const EXTENSIBILITY = "docs/protocol/v1/extensibility.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  ...requirement,
});

export const ACP_CLIENT_ORDER_REQUIREMENTS = [
  client({
    id: "client.initialization.initialize-first",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "the first message the client sends its agent is initialize",
    area: "initialization",
    level: "should",
    position: true,
    cite: `${OVERVIEW}#message-flow`,
    rationale:
      "The message flow starts with initialize and the spec gives that no keyword for anything but sessions; a client that opens with another message (a custom one included) talks to an agent that has not yet agreed a version with it.",
  }),
  client({
    id: "client.initialization.session-after-initialize",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "no session method (session/new, load, prompt...) before the agent has answered initialize",
    area: "initialization",
    level: "must",
    cite: `${INITIALIZATION}`,
    rationale:
      "The client MUST initialize the connection before creating a session; the kit's agent delays its initialize answer in client.initialization.delayed-initialize so a client that does not wait is seen.",
  }),
  client({
    id: "client.prompt.prompt-after-setup",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title:
      "session/prompt only for a session whose session/new (or load, resume) the agent has already answered",
    area: "prompt",
    level: "must",
    cite: `${PROMPT_TURN}`,
    rationale: "Before sending a prompt the client MUST have completed initialization and session setup.",
  }),
  client({
    id: "client.initialization.latest-version",
    title:
      "initialize carries protocolVersion as an integer of at least 1 (the latest version the client supports)",
    area: "initialization",
    level: "must",
    cite: `${INITIALIZATION}#version-negotiation`,
    rationale:
      "The client MUST send the latest version it supports; the schema lets 0 through, but no ACP version is below 1. A protocolVersion that is no integer at all is client.schema.valid-payloads'.",
  }),
  client({
    id: "client.initialization.client-info",
    title:
      "initialize carries clientInfo with a name and a version (or v2's info, from a client asking for version 2 or later)",
    area: "initialization",
    level: "should",
    cite: `${INITIALIZATION}`,
  }),
  client({
    id: "client.initialization.client-capabilities",
    title:
      "initialize carries a clientCapabilities object (or v2's capabilities, from a client asking for version 2 or later)",
    area: "initialization",
    level: "should",
    cite: `${INITIALIZATION}#client-capabilities`,
  }),
  client({
    id: "client.initialization.speaks-agreed-version",
    title: "once the agent answered protocolVersion 1, the client sends no method of a later ACP version",
    area: "initialization",
    level: "must",
    cite: `${INITIALIZATION}#protocol-version`,
    rationale:
      "Once a version is agreed the client MUST act by that version's spec; the kit judges the methods against the v1 schema's (and knows the later schema's, so a method of v2 is told from a custom one), while the params of v1 methods are client.schema.valid-payloads'.",
  }),
  client({
    id: "client.schema.absolute-paths",
    versions: [1, 2], // the same on a v2 connection (session/new and session/resume's cwd): recorded by scenarios/client/v2/
    title: "the cwd of every session the client opens (session/new, load, resume) is an absolute path",
    area: "schema",
    level: "must",
    cite: `${SESSION_SETUP}#working-directory`,
    rationale:
      "All file paths in the protocol MUST be absolute and the cwd MUST be; the schema's string type lets a relative one through. An MCP server's command is client.schema.mcp-server-shape's, extra roots client.capabilities.roots-absolute's and session/list's cwd filter client.capabilities.list-cwd-absolute's.",
  }),
  client({
    id: "client.schema.mcp-server-shape",
    title:
      "each MCP server the client lists is a valid McpServer, and a stdio server's command is an absolute path",
    area: "schema",
    level: "must",
    cite: `${SESSION_SETUP}#stdio-transport`,
    rationale:
      "The schema fixes each transport's fields and the overview makes every path absolute; a client that lists no MCP server has none to get wrong (not applicable).",
  }),
  client({
    id: "client.session-matching.known-session-ids",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title:
      "every sessionId the client sends (but in session/load, resume and delete, which may name a stored session, and session/close, judged by close-params) is one the agent returned or accepted",
    area: "session-matching",
    level: "should",
    position: true,
    cite: `${SESSION_SETUP}#session-id`,
    rationale:
      "The spec says the returned sessionId is used for the session's later messages, without a keyword; a client that sends an id the agent never returned (a stale or made-up one) is talking about a session that does not exist.",
  }),
  client({
    id: "client.extensibility.no-custom-root-fields",
    title:
      "no property the schema of the version in use does not define at the root of the client's params and results (custom data goes in _meta)",
    area: "extensibility",
    level: "must",
    versions: [1, 2], // on a v2 connection against the v2 schema: recorded by scenarios/client/v2/generic-checks-v2.ts
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "Implementations MUST NOT add custom fields at the root of a type that is part of the specification; the pinned schema does not close its objects, so the kit compares each root with the properties its definition lists.",
  }),
  client({
    id: "client.extensibility.custom-methods-prefixed",
    title: "every method the client sends is an ACP method or starts with an underscore",
    area: "extensibility",
    level: "should",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/generic-checks-v2.ts
    position: true,
    cite: `${EXTENSIBILITY}#custom-requests`,
    rationale:
      "The spec lets implementations add custom methods whose names start with an underscore (MAY) and reserves the others for the protocol; a custom method without the prefix may clash with a method of a later version.",
  }),
  client({
    id: "client.extensibility.trace-context-shape",
    title: "traceparent, tracestate and baggage in the client's _meta carry W3C trace context",
    area: "extensibility",
    level: "should",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/generic-checks-v2.ts
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "The root _meta keys traceparent, tracestate and baggage SHOULD be kept for W3C trace context; the kit checks the shape of each one the client sends (a client that sends none has nothing to get wrong).",
  }),
  client({
    id: "client.prompt.one-prompt-at-a-time",
    title: "no second session/prompt on a session while its previous prompt is unanswered",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${PROMPT_TURN}#the-prompt-turn-lifecycle`,
    rationale:
      "The spec describes the next prompt as following the end of the turn, without a keyword; an agent gets no rule for two turns of one session at once.",
  }),
  client({
    id: "client.jsonrpc.no-reply-to-notification",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "the client never answers a notification of the agent's, not even with an error or with id null",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#communication-model`,
    rationale:
      "JSON-RPC 2.0: the Server MUST NOT reply to a Notification. The kit's agent sends session/update and a custom _kit/ notification; an id-null response is allowed as a parse or invalid-request error (-32700, -32600: the client could not read a line as a message) and as the answer to a line the agent sent that was not a valid message.",
  }),
  client({
    id: "client.jsonrpc.every-request-answered-once",
    versions: [1, 2], // the same on a v2 connection: recorded by scenarios/client/v2/
    title: "each request the agent sends gets exactly one response from the client",
    area: "jsonrpc",
    level: "must",
    cite: `${OVERVIEW}#communication-model`,
    rationale:
      "JSON-RPC 2.0: the Server MUST reply to each call with one Response. A request still unanswered when the client exits fails; so does one the client sat on for 10 s or more before it was killed at --client-timeout, while one sent in those last 10 s is not tested (a deadline the client missed is the timeouts check's).",
  }),
] as const satisfies readonly Requirement[];
