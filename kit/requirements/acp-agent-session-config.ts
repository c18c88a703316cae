/**
 * What an ACP agent owes when it offers session modes or session config options. Both are
 * optional: each requirement is gated on the agent having offered the feature in session/new.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

const SESSION_MODES = "docs/protocol/v1/session-modes.mdx";
const CONFIG_OPTIONS = "docs/protocol/v1/session-config-options.mdx";

export const ACP_AGENT_SESSION_CONFIG_REQUIREMENTS = [
  agent({
    id: "agent.capabilities.set-mode-accepted",
    title: "session/set_mode to a mode the agent listed in availableModes is answered with a result",
    area: "capabilities",
    level: "must",
    gate: "session/new result: modes",
    cite: `${SESSION_MODES}#setting-the-current-mode`,
    rationale:
      "availableModes is the set of modes the agent can operate in, and the mode can be changed at any point; refusing one of them breaks the contract the agent advertised.",
  }),
  agent({
    id: "agent.capabilities.mode-update-matches",
    title:
      "after a successful session/set_mode the agent sends a current_mode_update naming the new mode, and none naming another",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: modes",
    cite: `${SESSION_MODES}#from-the-agent`,
    rationale:
      "The docs require the notification only for changes the agent makes itself; the kit expects the confirmation for client changes too, so every client sees one source of truth for the current mode, and never a notification contradicting the change.",
  }),
  agent({
    id: "agent.capabilities.unknown-mode-refused",
    title: "session/set_mode with a mode id the agent never listed is answered with an error",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: modes",
    cite: `${SESSION_MODES}#from-the-client`,
    rationale:
      "modeId must be one of availableModes; the spec constrains the client, and the kit expects the agent to refuse a mode it does not have rather than pretend to switch.",
  }),
  agent({
    id: "agent.capabilities.config-option-set",
    title:
      "session/set_config_option is answered with the complete list of config options, showing the new value",
    area: "capabilities",
    level: "must",
    gate: "session/new result: configOptions",
    cite: `${CONFIG_OPTIONS}#from-the-client`,
  }),
  agent({
    id: "agent.capabilities.unknown-config-option-refused",
    title: "session/set_config_option with a configId the agent never offered is answered with an error",
    area: "capabilities",
    level: "should",
    position: true,
    gate: "session/new result: configOptions",
    cite: `${CONFIG_OPTIONS}#from-the-client`,
    rationale:
      "configId is the id of an offered option; the spec constrains the client, and the kit expects the agent to refuse an option it does not have rather than report success.",
  }),
  agent({
    id: "agent.capabilities.boolean-options-advertised-only",
    title:
      'no type "boolean" config option is offered to a client that did not advertise session.configOptions.boolean',
    area: "capabilities",
    level: "must",
    gate: "session/new result: configOptions",
    cite: `${CONFIG_OPTIONS}#boolean-config-options`,
  }),
] as const satisfies readonly Requirement[];
