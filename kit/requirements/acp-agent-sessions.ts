/**
 * What an ACP agent owes in session management beyond session/new, each gated on the
 * capability that advertises it: session/load (agentCapabilities.loadSession), and the stable
 * v1 sessionCapabilities list, resume, close, delete and additionalDirectories. An agent that does not advertise one
 * has nothing to answer for here (the spec forbids clients to call the method then).
 */
import { SESSION_SETUP } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const SESSION_LIST = "docs/protocol/v1/session-list.mdx";
const SESSION_DELETE = "docs/protocol/v1/session-delete.mdx";
const SESSION_INFO = "schema/v1/schema.json#/$defs/SessionInfo/properties";

const LOAD = "agentCapabilities.loadSession";
const RESUME = "agentCapabilities.sessionCapabilities.resume";
const LIST = "agentCapabilities.sessionCapabilities.list";
const CLOSE = "agentCapabilities.sessionCapabilities.close";
const DELETE = "agentCapabilities.sessionCapabilities.delete";
const ROOTS = "agentCapabilities.sessionCapabilities.additionalDirectories";

export const ACP_AGENT_SESSION_REQUIREMENTS = [
  // session/load
  agent({
    id: "agent.session-matching.load-replays-history",
    title:
      "session/load of a session the agent created succeeds and replays the whole conversation as session/update notifications (the prompts as user_message_chunk, the answers as agent_message_chunk)",
    area: "session-matching",
    level: "must",
    gate: LOAD,
    cite: `${SESSION_SETUP}#loading-a-session`,
  }),
  agent({
    id: "agent.session-matching.load-replay-before-response",
    title: "the replayed conversation comes before the session/load response, and none of it after",
    area: "session-matching",
    level: "must",
    gate: LOAD,
    cite: `${SESSION_SETUP}#loading-a-session`,
  }),
  agent({
    id: "agent.session-matching.load-across-processes",
    title:
      "a session created by an earlier process of the agent (same cwd, same HOME) can be loaded by a later one",
    area: "session-matching",
    level: "should",
    gate: LOAD,
    cite: `${SESSION_SETUP}#loading-sessions`,
    rationale:
      "The spec says loading 'enables persistence across restarts' without a keyword; an agent that can load only the sessions of its own process cannot be restarted by its client.",
    position: true,
  }),
  agent({
    id: "agent.session-matching.load-unknown-session-rejected",
    title: "session/load of a session id the agent never created is answered with an error",
    area: "session-matching",
    level: "should",
    gate: LOAD,
    cite: `${SESSION_SETUP}#loading-a-session`,
    rationale:
      "The spec names no error for an unknown session id; answering success claims a conversation that does not exist, and the client shows the user an empty one.",
    position: true,
  }),
  // session/resume
  agent({
    id: "agent.session-matching.resume-no-replay",
    title:
      "session/resume of a session the agent created succeeds and sends no conversation (message chunks, tool calls) before its response",
    area: "session-matching",
    level: "must",
    gate: RESUME,
    cite: `${SESSION_SETUP}#resuming-a-session`,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.resume-across-processes",
    title:
      "a session created by an earlier process of the agent (same cwd, same HOME) can be resumed by a later one",
    area: "session-matching",
    level: "should",
    gate: RESUME,
    cite: `${SESSION_SETUP}#resuming-sessions`,
    rationale:
      "The spec describes resume as reconnecting to an existing session without a keyword; an agent that can resume only the sessions of its own process cannot be restarted by its client.",
    position: true,
  }),
  // session/list
  agent({
    id: "agent.session-matching.list-empty-not-error",
    title: "session/list with a cwd no session has answers an empty sessions array, not an error",
    area: "session-matching",
    level: "must",
    gate: LIST,
    cite: `${SESSION_LIST}#listing-sessions`,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.list-cwd-absolute",
    title: "every session session/list returns has an absolute cwd",
    area: "session-matching",
    level: "must",
    gate: LIST,
    cite: `${SESSION_INFO}/cwd`,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.list-updated-at-iso8601",
    title: "every updatedAt session/list returns is an ISO 8601 timestamp",
    area: "session-matching",
    level: "should",
    gate: LIST,
    cite: `${SESSION_INFO}/updatedAt`,
    rationale:
      "The schema describes updatedAt as an ISO 8601 timestamp without a keyword; a client that parses it as one cannot read any other format.",
    position: true,
  }),
  agent({
    id: "agent.session-matching.list-pagination",
    title: "following nextCursor to the end returns every session of the cwd exactly once",
    area: "session-matching",
    level: "should",
    gate: LIST,
    cite: `${SESSION_LIST}#pagination`,
    rationale:
      "The spec defines cursor pagination without a keyword on its result; a cursor that repeats or skips sessions shows the user a wrong history, or never ends.",
    position: true,
  }),
  agent({
    id: "agent.session-matching.list-cwd-filter",
    title: "session/list with a cwd returns only sessions of that cwd",
    area: "session-matching",
    level: "should",
    gate: LIST,
    cite: `${SESSION_LIST}#listing-sessions`,
    rationale:
      "The spec says only sessions with a matching cwd are returned, without a keyword; a client that filters by project shows the user other projects' sessions otherwise.",
    position: true,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.listed-roots-absolute",
    title: "every additionalDirectories path session/list reports for a session is absolute",
    area: "session-matching",
    level: "must",
    gate: ROOTS,
    cite: `${SESSION_INFO}/additionalDirectories`,
  }),
  // session/close
  agent({
    id: "agent.cancellation.close-cancels-turn",
    title:
      "session/close during a turn is answered with success and ends the turn with stopReason cancelled, as session/cancel would",
    area: "cancellation",
    level: "must",
    gate: CLOSE,
    cite: `${SESSION_SETUP}#closing-a-session`,
  }),
  agent({
    id: "agent.session-matching.closed-session-rejects-prompts",
    title: "a prompt for a session that was closed is answered with an error",
    area: "session-matching",
    level: "should",
    gate: CLOSE,
    cite: `${SESSION_SETUP}#closing-a-session`,
    rationale:
      "The spec says close frees the session's resources but not what a later prompt gets; running a turn in a closed session means it was not freed.",
    position: true,
    versions: [1, 2],
  }),
  // session/delete
  agent({
    id: "agent.session-matching.deleted-session-not-listed",
    title: "a session deleted with session/delete no longer appears in session/list",
    area: "session-matching",
    level: "should",
    gate: DELETE,
    cite: `${SESSION_DELETE}#semantics`,
    rationale:
      "The spec states it as the meaning of delete without a keyword; a deleted session that is still listed was not deleted.",
    position: true,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.delete-unknown-succeeds",
    title: "session/delete of a session id that never existed succeeds silently",
    area: "session-matching",
    level: "should",
    gate: DELETE,
    cite: `${SESSION_DELETE}#semantics`,
    versions: [1, 2],
  }),
] as const satisfies readonly Requirement[];
