/**
 * What an ACP agent's session state must agree with: the current mode and every mode it
 * announces are modes it listed, a select's value is one of its values, config option updates
 * are complete, modes and mode options tell the same story, session/list takes empty params
 * and refuses a cursor it never issued, a replay's message ids tell messages apart, and a
 * session reopened without its additional roots has none. Each is gated on what the agent
 * offered (modes, configOptions, loadSession, sessionCapabilities).
 */
import { SESSION_SETUP } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const SESSION_MODES = "docs/protocol/v1/session-modes.mdx";
const CONFIG_OPTIONS = "docs/protocol/v1/session-config-options.mdx";
const SESSION_LIST = "docs/protocol/v1/session-list.mdx";

export const ACP_AGENT_SESSION_CONSISTENCY_REQUIREMENTS = [
  agent({
    id: "agent.capabilities.current-mode-listed",
    title: "the currentModeId session/new returns is one of the availableModes it returns",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: modes",
    cite: `${SESSION_MODES}#initial-state`,
    rationale:
      "The docs define currentModeId as the active mode and availableModes as the modes the agent can operate in, without a keyword; a current mode outside that set is one the client cannot show or switch back to.",
  }),
  agent({
    id: "agent.capabilities.mode-update-names-listed-mode",
    title: "every current_mode_update names one of the session's availableModes",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: modes",
    cite: `${SESSION_MODES}#from-the-agent`,
    rationale:
      "The docs describe the agent changing its own mode among the modes it can operate in, without a keyword; a notification naming a mode the session never listed (a display name, a stale id) leaves the client with no current mode.",
  }),
  agent({
    id: "agent.capabilities.config-current-value-listed",
    title:
      "every select config option session/new returns has a currentValue that is one of its listed values",
    area: "capabilities",
    level: "must",
    gate: "session/new result: configOptions",
    cite: `${CONFIG_OPTIONS}#default-values-and-graceful-degradation`,
    rationale:
      "Agents MUST always provide a default value for every configuration option; a select's value is one of its options (schema.json#/$defs/SessionConfigSelect), so a currentValue outside them provides none.",
  }),
  agent({
    id: "agent.capabilities.config-categories-reserved",
    title:
      "every config option category is one the spec defines (mode, model, model_config, thought_level) or starts with _",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: configOptions",
    cite: `${CONFIG_OPTIONS}#option-categories`,
    rationale:
      "The docs reserve category names without a leading _ for the spec, without a keyword on the agent; an invented unprefixed category may collide with one a later version defines.",
  }),
  agent({
    id: "agent.capabilities.config-update-complete",
    title: "every config_option_update lists every config option of the session",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: configOptions",
    cite: `${CONFIG_OPTIONS}#from-the-agent`,
    rationale:
      "The docs say the notification contains the complete configuration state, without a keyword (the schema: 'the full set'); a client that replaces its options with a partial list loses the others.",
  }),
  agent({
    id: "agent.capabilities.modes-and-options-in-step",
    title:
      "an agent with modes also offers a config option of category mode (and the reverse), and both show the same current mode, at session/new and after session/set_mode",
    area: "capabilities",
    level: "should",
    gate: "session/new result: modes or a configOptions entry of category mode",
    cite: `${CONFIG_OPTIONS}#relationship-to-session-modes`,
  }),
  agent({
    id: "agent.session-matching.list-empty-params",
    title: "session/list with empty params (no cwd, no cursor) is answered with a sessions array",
    area: "session-matching",
    level: "must",
    gate: "agentCapabilities.sessionCapabilities.list",
    cite: `${SESSION_LIST}#listing-sessions`,
    rationale:
      "All parameters are optional and empty params return the first page; the agent MUST respond with a list of sessions.",
  }),
  agent({
    id: "agent.session-matching.list-invalid-cursor-refused",
    title: "session/list with a cursor the agent never issued is answered with an error",
    area: "session-matching",
    level: "should",
    gate: "agentCapabilities.sessionCapabilities.list",
    cite: `${SESSION_LIST}#pagination`,
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.replay-message-ids-distinct",
    title:
      "the messageIds a session/load replay gives name one message each: chunks that share one are consecutive chunks of one kind",
    area: "session-matching",
    level: "should",
    position: true,
    gate: "agentCapabilities.loadSession",
    cite: `${SESSION_SETUP}#loading-a-session`,
    rationale:
      "The docs say each replayed messageId is a unique identifier for its message, without a keyword (the schema: a change of messageId starts a new message); a prompt and its answer under one id read as one message to a client that groups chunks by id.",
  }),
  agent({
    id: "agent.session-matching.roots-not-restored",
    title:
      "a session resumed (or loaded) without additionalDirectories has no additional roots: session/list reports none for it",
    area: "session-matching",
    level: "should",
    position: true,
    gate: "agentCapabilities.sessionCapabilities.additionalDirectories, list, and resume or loadSession",
    cite: `${SESSION_SETUP}#additional-workspace-roots`,
    rationale:
      "The docs say omitting additionalDirectories on session/load or session/resume activates no additional roots and does not restore stored ones, without a keyword; roots restored silently widen what the agent's tools may touch beyond what the client asked for.",
    versions: [1, 2],
  }),
  agent({
    id: "agent.session-matching.session-cwd-used",
    title:
      "asked about a file in the session's cwd, the agent names no path (fs/* requests, tool-call locations, terminal cwd) in the directory its process was started in instead",
    area: "session-matching",
    level: "must",
    gate: "a turn in which the agent uses the client's fs or terminals (--read-prompt, --write-prompt, --terminal-prompt)",
    cite: `${SESSION_SETUP}#working-directory`,
    rationale:
      "The session's cwd MUST be used for the session regardless of where the agent subprocess was spawned, and MUST remain the base for relative paths; the kit starts the agent in one directory and the session in another.",
  }),
] as const satisfies readonly Requirement[];
