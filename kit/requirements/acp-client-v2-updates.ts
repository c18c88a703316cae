/**
 * What an ACP v2 client owes the agent's output (prompt-lifecycle.mdx, tool-calls.mdx,
 * agent-plan.mdx, extensibility.mdx): it keeps working through every v2 session/update variant
 * (messages, tool calls as upserts, display terminals, plans by planId, session variants), through
 * the values and fields an extension or a later draft adds, and through permission requests of
 * any subject (one withdrawn with `$/cancel_request` included); it answers them validly and answers a custom request it does not know -32601;
 * and the values it sends itself in v2's open enums are v2's own or begin with `_`.
 * Joined into the client's requirements in acp-client.ts.
 *
 * As in v1 (acp-client-updates.ts), the spec says nothing of a client "surviving" an update: it
 * defines the variants, so a client that fails on one does not speak v2. Where no keyword backs
 * that, the requirement is a should and the kit's position; where the spec has one (diffs
 * without a patch, permission outcomes), a must.
 */
import type { Requirement } from "./types.js";

const LIFECYCLE = "docs/protocol/v2/prompt-lifecycle.mdx";
const TOOL_CALLS = "docs/protocol/v2/tool-calls.mdx";
const EXTENSIBILITY = "docs/protocol/v2/extensibility.mdx";
const SURVIVED =
  "The v2 schema defines this update for the agent to send and gives the client no keyword; the kit takes the position that a client must keep working, answer the agent and finish its turn after it.";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "versions">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  versions: [2] as const,
  ...requirement,
});

/** A v2 update the client must keep working after (a should and the kit's position). */
const survives = <const R extends Pick<Requirement, "id" | "title" | "cite">>(requirement: R) =>
  client({
    area: "events" as const,
    level: "should" as const,
    position: true as const,
    rationale: SURVIVED,
    ...requirement,
  });

export const ACP_CLIENT_V2_UPDATE_REQUIREMENTS = [
  survives({
    id: "client.v2.events.survives-message-variants",
    title:
      "keeps working after user_message, agent_message, agent_thought and their chunks, with messageIds interleaved, and agent messages of every content block type (resource_link icons included), and shows the text of every agent message",
    cite: `${LIFECYCLE}#message-ids`,
  }),
  client({
    id: "client.v2.prompt.non-idle-states-keep-turn",
    title:
      "a requires_action or running state_update in the middle of a turn does not end it: the client keeps working until idle",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#session-states`,
    rationale:
      "Only idle ends a turn (prompt-lifecycle.mdx#4-report-completion); the spec gives the client no keyword for the other states, and the kit takes the position that a client ending the turn at one loses the rest of the agent's output.",
  }),
  survives({
    id: "client.v2.events.survives-tool-call-upserts",
    title:
      "keeps working after tool_call_update upserts: a toolCallId first seen with no other field, partial updates, every status, locations, content of every type (an unknown one too), tool_call_content_chunk, and null clearing fields",
    cite: `${TOOL_CALLS}#reporting`,
  }),
  client({
    id: "client.v2.events.handles-diff-without-patch",
    title:
      "keeps working after tool call diffs whose patch is omitted (a binary modify, a delete, a move) or null",
    area: "events",
    level: "must",
    cite: `${TOOL_CALLS}#diffs`,
  }),
  survives({
    id: "client.v2.events.survives-terminal-updates",
    title:
      "keeps working after display terminals: a terminal_update before any tool call refers to it, output chunks, an output snapshot, the exit status, and the tool call referring to it after",
    cite: `${TOOL_CALLS}#display-only-terminals`,
  }),
  survives({
    id: "client.v2.events.survives-plan-updates",
    title:
      "keeps working after plan_update: items plans with every priority and status, two planIds at once, a plan replaced and emptied, and a plan type v2 does not define",
    cite: "docs/protocol/v2/agent-plan.mdx#creating-plans",
  }),
  survives({
    id: "client.v2.events.survives-session-variants",
    title:
      "keeps working after usage_update, session_info_update, available_commands_update, config_option_update, notice and compaction_update",
    cite: "schema/v2/schema.json#/$defs/SessionUpdate",
  }),
  client({
    id: "client.v2.permission.answers-any-subject",
    title:
      "answers session/request_permission with an outcome (not an error) whatever its subject (none, a command, an unknown type) and with an option of unknown kind offered, and keeps working",
    area: "permission",
    level: "should",
    position: true,
    cite: `${TOOL_CALLS}#requesting-permission`,
    rationale:
      "v2 makes the subject optional and open (a command, or a type a later draft adds) and the option kinds open; the spec gives the client no keyword, and the kit takes the position that a client must still ask the user (or its policy) with the title and options, not fail the request or the turn.",
  }),
  client({
    id: "client.v2.permission.valid-outcome",
    title:
      "every answer to session/request_permission is cancelled, selected with an optionId the request offered, or a custom outcome beginning with _",
    area: "permission",
    level: "must",
    cite: `${TOOL_CALLS}#requesting-permission`,
    rationale:
      "The known outcomes are selected with one of the request's options and cancelled; extensibility.mdx#enum-and-tagged-union-variants: extensions MUST NOT define custom non-underscore values.",
  }),
  client({
    id: "client.v2.session-matching.ignores-foreign-updates",
    title:
      "an agent message chunk for another sessionId is not shown as this session's output, and the client keeps working (judged on a client whose output shows the agent's text)",
    area: "session-matching",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#3-agent-reports-output`,
    rationale:
      "session/update reports the output of the session it names; the spec gives the client no keyword for one naming another, and the kit takes the position that a client must not mix it into this session's output.",
  }),
  client({
    id: "client.v2.extensibility.survives-unknown-values",
    title:
      "keeps working after values v2 does not define where the schema has a fallback: a session/update variant, a content block type, a tool kind and status, a notice severity",
    area: "extensibility",
    level: "should",
    position: true,
    cite: `${EXTENSIBILITY}#enum-and-tagged-union-variants`,
    rationale:
      "Unknown non-underscore values are reserved for future variants and _-prefixed ones for extensions, and the schema gives these fields a fallback; the spec gives the client no keyword for receiving one, and the kit takes the position that one must not take the turn down.",
  }),
  client({
    id: "client.v2.extensibility.accepts-meta",
    title:
      "accepts _meta (trace context included) on every object of a session/update and behaves as without it: keeps working and shows the text it carries",
    area: "extensibility",
    level: "should",
    position: true,
    cite: `${EXTENSIBILITY}#the-_meta-field`,
    rationale:
      "All types include a _meta field for implementations to attach custom information; the spec gives the receiver no keyword, and the kit takes the position that _meta must change nothing the client does.",
  }),
  client({
    id: "client.v2.extensibility.ignores-unknown-notification",
    title: "a custom notification the client does not know (_kit/noise) is ignored: the client keeps working",
    area: "extensibility",
    level: "should",
    cite: `${EXTENSIBILITY}#custom-notifications`,
    rationale: "The spec: implementations SHOULD ignore unrecognized notifications.",
  }),
  client({
    id: "client.v2.extensibility.unknown-request-answered",
    title:
      "a custom request the client does not know (_kit/alive) is answered with error -32601 (Method not found), or with a result if it knows the method",
    area: "extensibility",
    level: "should",
    cite: `${EXTENSIBILITY}#custom-requests`,
    rationale:
      "The spec: implementations MUST respond to a custom request with the provided id, and one that does not recognize the method should respond with the standard Method not found error. A client that stops answering at all is what the other checks of the run see (the agent waits on each request).",
  }),
  client({
    id: "client.v2.extensibility.custom-values-prefixed",
    title:
      "every value the client sends in v2's open enums and tagged unions (prompt content block types, MCP server types, permission outcomes, elicitation actions) is one v2 defines or begins with _",
    area: "extensibility",
    level: "must",
    cite: `${EXTENSIBILITY}#enum-and-tagged-union-variants`,
    rationale:
      "The spec: extensions MUST NOT define custom non-underscore values, and custom content block types MUST begin with _ (content.mdx#content-types); unknown non-underscore values are reserved for future ACP variants.",
  }),
  client({
    id: "client.v2.cancellation.cancel-request-answered",
    title:
      "a permission request the agent withdraws with $/cancel_request is still answered exactly once, with a result or error -32800, and the client keeps working",
    area: "cancellation",
    level: "must",
    cite: "docs/protocol/v2/cancellation.mdx#cancel_request-notification",
  }),
  client({
    id: "client.v2.capabilities.elicitation-unknown-complete-ignored",
    title:
      "an elicitation/complete for an elicitationId the client was never asked about is ignored: the client keeps working",
    area: "capabilities",
    level: "must",
    cite: "docs/protocol/v2/elicitation.mdx#url-completion",
    rationale: "The spec: clients MUST ignore unknown or already-completed IDs.",
  }),
  client({
    id: "client.v2.capabilities.elicitation-mode-refused",
    title:
      "an elicitation/create in url mode to a client that did not advertise capabilities.elicitation.url gets error -32602 (-32601 too when it advertised no elicitation at all), and the client keeps working",
    area: "capabilities",
    level: "should",
    position: true,
    cite: "docs/protocol/v2/elicitation.mdx#url-completion",
    rationale:
      "The spec says requests in a mode the client has not advertised produce -32602, without a keyword on the client; a client that offers no elicitation at all may not know the method, so -32601 is taken there (as in v1).",
  }),
] as const satisfies readonly Requirement[];
