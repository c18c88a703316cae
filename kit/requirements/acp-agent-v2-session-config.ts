/**
 * What an ACP v2 agent that offers session config options owes (session-config-options.mdx and
 * the schema's SessionConfigOption and SetSessionConfigOptionRequest): values that agree with
 * their options, custom kinds marked with `_`, and session/set_config_option answering every
 * option or refusing with -32602 and changing nothing.
 */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_SCHEMA } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

const V2_SESSION_CONFIG_OPTIONS = "docs/protocol/v2/session-config-options.mdx";

export const ACP_AGENT_V2_SESSION_CONFIG_REQUIREMENTS = [
  agent({
    id: "agent.v2.capabilities.config-current-value-valid",
    title:
      "every select config option the agent sends has a currentValue among its options' values, every boolean one a boolean",
    area: "capabilities",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/SessionConfigSelect`,
    rationale: "The schema: a select's currentValue MUST be one of the values in its options.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.extensibility.config-custom-kinds-prefixed",
    title: "a config option's type and category are ones ACP defines or begin with _",
    area: "extensibility",
    level: "must",
    cite: `${V2_SESSION_CONFIG_OPTIONS}#default-values-and-graceful-degradation`,
    rationale:
      "The page: custom option types MUST begin with _; category names without _ are reserved for the spec. Unprefixed values the agent invents collide with future ACP ones.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.capabilities.config-set-returns-all",
    title:
      "session/set_config_option to another listed value answers every option of the session, that one with the new currentValue",
    area: "capabilities",
    level: "must",
    cite: `${V2_SESSION_CONFIG_OPTIONS}#from-the-client`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.capabilities.config-invalid-value-refused",
    title:
      "session/set_config_option with a value the option does not list is refused with -32602 and the option keeps its value",
    area: "capabilities",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/SetSessionConfigOptionRequest`,
    rationale:
      "The schema: agents MUST reject an unknown configId or invalid value with -32602 and leave the configuration unchanged.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.capabilities.config-unknown-option-refused",
    title: "session/set_config_option with a configId the session never offered is refused with -32602",
    area: "capabilities",
    level: "must",
    cite: `${V2_SCHEMA}#/$defs/SetSessionConfigOptionRequest`,
    rationale: "The schema: agents MUST reject an unknown configId with -32602.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
