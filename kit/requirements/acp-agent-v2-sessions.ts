/**
 * What an ACP v2 agent owes in its session surface beyond the baseline methods answering:
 * resume with `replayFrom` (replay, its message ids, its order), the cursors and MCP transports it
 * does not support refused with -32602,, the roots session/list reports, and
 * session/close cancelling a running turn.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_SCHEMA, V2_SESSION_SETUP } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_SESSION_REQUIREMENTS = [
  agent({
    id: "agent.v2.session-matching.replay-from-start",
    title:
      "session/resume with replayFrom start replays the conversation: the earlier user message, under the messageId its prompt was acknowledged with, and the agent's reply",
    area: "session-matching",
    level: "must",
    cite: `${V2_SESSION_SETUP}#resuming-sessions`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.replay-message-ids",
    title:
      "every replayed message update or chunk carries a messageId, and different messages different ones",
    area: "session-matching",
    level: "must",
    cite: `${V2_SESSION_SETUP}#resuming-sessions`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.replay-before-resume-answer",
    title: "the replay is over before session/resume is answered: no replayed message comes after the answer",
    area: "session-matching",
    level: "must",
    cite: `${V2_SESSION_SETUP}#resuming-sessions`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.unknown-replay-cursor-refused",
    title: "session/resume with a replay cursor the agent does not support is refused with -32602",
    area: "session-matching",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/ReplayFrom`,
    rationale:
      "The schema: agents that do not support a cursor MUST reject the request with -32602 rather than substituting another cursor or resuming without replay.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.unknown-mcp-transport-refused",
    title:
      "session/new with an MCP server of a custom transport type the agent does not support is refused with -32602",
    area: "session-matching",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/McpServer`,
    rationale:
      "The schema: agents MUST reject a request with a transport they do not support with -32602; MCP server types are open, so a type the agent does not know must neither crash it nor be ignored silently.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.listed-roots-complete",
    title:
      "a session's additionalDirectories, when session/list reports them, are exactly the roots the client activated, in order",
    area: "session-matching",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/SessionInfo`,
    rationale:
      "The schema defines a listed session's additionalDirectories, when present, as the complete ordered list of its additional roots; any other list misstates the session's workspace.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.close-cancels-turn",
    title:
      "session/close of a session with a running turn cancels it as session/cancel would: the turn ends idle with cancelled (or silently), and nothing of it follows",
    area: "session-matching",
    level: "must",
    cite: `${V2_SESSION_SETUP}#closing-active-sessions`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.session-matching.list-does-not-modify",
    title:
      "session/list only discovers: listing again lists the same sessions with the same updatedAt, and the agent sends no session/update",
    area: "session-matching",
    level: "should",
    position: true,
    cite: "docs/protocol/v2/session-list.mdx#interaction-with-other-session-methods",
    rationale:
      "The page says session/list is a discovery mechanism only that does not restore or modify sessions, without a keyword; a listing that touches sessions reorders the client's history by activity that never happened.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
