/**
 * How an ACP client uses the session methods an agent advertises: session/load (and the
 * history it replays), session/resume, session/list and its cursors, session/close,
 * session/delete, and extra workspace roots. The kit asks a client to reopen a session through
 * the `{session}` placeholder of its command; list, close and delete it judges when the client
 * calls them.
 */
import { SESSION_SETUP } from "./acp-spec-pages.js";
import type { Requirement } from "./types.js";

const SESSION_LIST = "docs/protocol/v1/session-list.mdx";

const sessions = <const R extends Omit<Requirement, "protocol" | "side">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  // Runtime mode leaves them out, as it leaves out the scenarios (scenarios/runtime/acp-transport.ts).
  clientModeOnly: true as const,
  ...requirement,
});

export const ACP_CLIENT_SESSIONS_REQUIREMENTS = [
  sessions({
    id: "client.session-matching.load-params",
    title: "session/load names a session the agent has, with a cwd and an mcpServers array",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#loading-a-session`,
    rationale:
      "Clients MUST call session/load with the session id, the MCP servers and the working directory; the kit's agent has only the sessions it named, listed or created in the run.",
  }),
  sessions({
    id: "client.events.shows-replay",
    title: "shows the conversation the agent replays on session/load, and prompts on the loaded session",
    area: "events",
    level: "should",
    cite: `${SESSION_SETUP}#loading-a-session`,
    rationale:
      "The spec has the agent replay the whole conversation as session/update notifications before it answers session/load, and the client continue the session after it, without a keyword on showing it; a client that drops the replay loses the user's history, which is what loading is for.",
    position: true,
  }),
  sessions({
    id: "client.session-matching.resume-params",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title:
      "session/resume names a session the agent has, with a cwd and an mcpServers array (optional on v2)",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#resuming-a-session`,
    rationale:
      "Clients MUST call session/resume with the session id, the MCP servers and the working directory; the schema makes mcpServers optional, the prose requires it.",
  }),
  sessions({
    id: "client.session-matching.reopens-in-own-cwd",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "session/load and session/resume carry the session's own cwd",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#additional-workspace-roots`,
    rationale:
      "On load and resume the root list may change only as long as the request's cwd matches the session's cwd.",
  }),
  sessions({
    id: "client.session-matching.close-params",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "session/close names a session the client has open",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#closing-a-session`,
    rationale: "Clients MUST call session/close with the id of the active session to close.",
  }),
  sessions({
    id: "client.capabilities.roots-absolute",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "every additionalDirectories entry the client sends is an absolute path",
    area: "capabilities",
    level: "must",
    cite: `${SESSION_SETUP}#additional-workspace-roots`,
  }),
  sessions({
    id: "client.capabilities.list-cwd-absolute",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "the cwd filter of session/list, when sent, is an absolute path",
    area: "capabilities",
    level: "must",
    cite: `${SESSION_LIST}#listing-sessions`,
    rationale:
      "The cwd parameter of session/list must be an absolute path (the page's and the schema's words).",
  }),
  sessions({
    id: "client.capabilities.list-stops-without-cursor",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "takes a session/list answer without nextCursor as the last page",
    area: "capabilities",
    level: "must",
    cite: `${SESSION_LIST}#pagination`,
  }),
  sessions({
    id: "client.capabilities.list-cursor-opaque",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "sends back the cursor of session/list byte for byte, and only one the agent gave in this run",
    area: "capabilities",
    level: "must",
    cite: `${SESSION_LIST}#pagination`,
    rationale: "Clients MUST treat cursors as opaque tokens: not parsed, modified or persisted.",
  }),
  sessions({
    id: "client.session-matching.delete-params",
    versions: [1, 2], // the same on a v2 connection (session/resume for session/load): scenarios/client/v2/sessions.ts
    title: "session/delete names a session the agent listed or the client had in this run",
    area: "session-matching",
    level: "should",
    cite: "schema/v1/schema.json#/$defs/DeleteSessionRequest",
    rationale:
      "Clients delete a session by calling session/delete with the id of the session to remove from the history; agents are to accept an unknown id silently, so the spec names no keyword for it, but the kit's position is that an id the agent never gave (made up, or kept past its run) is not a session to remove.",
    position: true,
  }),
] as const satisfies readonly Requirement[];
