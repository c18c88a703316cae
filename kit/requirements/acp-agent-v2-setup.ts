/** What an ACP v2 agent owes at setup and in what v2 removed: version negotiation, info and capabilities, the baseline, removed surface. */
import { agentRequirement as agent } from "./acp-agent-builder.js";
import { V2_INITIALIZATION, V2_MIGRATION, V2_OVERVIEW } from "./acp-agent-v2-pages.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_V2_SETUP_REQUIREMENTS = [
  agent({
    id: "agent.v2.initialization.info-and-capabilities",
    title:
      "initialize is answered with v2's info (name, version) and capabilities, support markers objects not booleans, none of v1's capability names",
    area: "initialization",
    level: "must",
    cite: `${V2_MIGRATION}#role-agnostic-info-and-capabilities`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.later-version-answered",
    title: "initialize with a later version (3) is answered with the agent's latest, 2",
    area: "initialization",
    level: "must",
    cite: `${V2_INITIALIZATION}#version-negotiation`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.v1-negotiated",
    title:
      "an agent that answers 1 to a v1 initialize acts as v1 on that connection (its prompt answer carries a stopReason)",
    area: "initialization",
    level: "must",
    cite: `${V2_INITIALIZATION}#protocol-version`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.initialization.auth-methods-imply-login-logout",
    title: "an agent that lists authMethods implements auth/login and auth/logout",
    area: "initialization",
    level: "must",
    cite: `${V2_OVERVIEW}#baseline-methods`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.capabilities.session-baseline",
    title: "an agent that advertises session answers session/list, session/resume and session/close",
    area: "capabilities",
    level: "must",
    cite: `${V2_INITIALIZATION}#session-capabilities`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.capabilities.no-client-fs-terminal",
    title: "the agent never calls fs/* or terminal/* on the client (v2 removed them)",
    area: "capabilities",
    level: "must",
    cite: `${V2_MIGRATION}#method-changes`,
    versions: [2],
  }),
  agent({
    id: "agent.v2.schema.no-removed-updates",
    title: "the agent never sends a session/update variant v2 removed (tool_call, plan, current_mode_update)",
    area: "schema",
    level: "must",
    cite: `${V2_MIGRATION}#sessionupdate-variant-changes`,
    rationale:
      "v2's schema accepts unknown variants as an extension point, and reserves those without a leading _ for future versions (extensibility.mdx), so a removed v1 name is no longer the agent's to send.",
    versions: [2],
  }),
  agent({
    id: "agent.v2.jsonrpc.removed-methods-not-found",
    title: "session/load, session/set_mode and authenticate, removed in v2, are answered -32601",
    area: "jsonrpc",
    level: "must",
    cite: `${V2_MIGRATION}#method-changes`,
    rationale:
      "A connection speaks exactly one negotiated version; a method v2 does not have is, per JSON-RPC 2.0, not found.",
    versions: [2],
  }),
] as const satisfies readonly Requirement[];
