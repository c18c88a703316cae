/** What an ACP agent owes in sessions and turns: session matching, prompts, cancellation, permission and capabilities. */
import { SESSION_SETUP, PROMPT_TURN, TOOL_CALLS } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_TURN_REQUIREMENTS = [
  // session-matching
  agent({
    id: "agent.session-matching.unique-session-ids",
    title: "each session/new returns a session id no other session has",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#session-id`,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.updates-carry-session-id",
    title: "every session/update during a turn carries the prompted session's id",
    area: "session-matching",
    level: "must",
    cite: `${PROMPT_TURN}#3-agent-reports-output`,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.unknown-session-rejected",
    title: "a prompt for a session id that was never created is answered with an error",
    area: "session-matching",
    level: "must",
    cite: `${SESSION_SETUP}#session-id`,
    rationale: "The spec names no code for an unknown session; any error will do, but success is wrong.",
    versions: [1, 2],
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
      "Turn output belongs before the response; state updates such as available_commands_update may come at any time.",
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
    // v2 changes nothing of this: the v2 profile's scenarios record it too.
    versions: [1, 2],
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
] as const satisfies readonly Requirement[];
