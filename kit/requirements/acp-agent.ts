/**
 * What the kit checks of an ACP agent (the kit plays the client), in report order.
 *
 * Levels follow the spec's own keyword. Where the spec only describes behaviour (no RFC
 * keyword) or is silent, the entry carries a `rationale` for the kit's position, and is a
 * should unless the schema or JSON-RPC makes it a must.
 */
import { ACP_AGENT_EXTENSION_REQUIREMENTS } from "./acp-agent-extensions.js";
import { ACP_AGENT_ROBUSTNESS_REQUIREMENTS } from "./acp-agent-robustness.js";
import { ACP_AGENT_SESSION_REQUIREMENTS } from "./acp-agent-sessions.js";
import { ACP_AGENT_SESSION_CONFIG_REQUIREMENTS } from "./acp-agent-session-config.js";
import { ACP_AGENT_TURN_REQUIREMENTS } from "./acp-agent-turns.js";
import { ACP_AGENT_WIRE_REQUIREMENTS } from "./acp-agent-wire.js";
import { ACP_AGENT_FS_TERMINAL_REQUIREMENTS } from "./acp-agent-fs-terminal.js";
import { ACP_AGENT_ELICITATION_REQUIREMENTS } from "./acp-agent-elicitation.js";
import { ACP_AGENT_TOOL_CALL_REQUIREMENTS } from "./acp-agent-tool-calls.js";
import { ACP_AGENT_UPDATE_STREAM_REQUIREMENTS } from "./acp-agent-update-stream.js";
import { ACP_AGENT_INITIALIZE_REQUIREMENTS } from "./acp-agent-initialize.js";
import { ACP_AGENT_MCP_CONTENT_REQUIREMENTS } from "./acp-agent-mcp-content.js";
import { ACP_AGENT_SESSION_CONSISTENCY_REQUIREMENTS } from "./acp-agent-session-consistency.js";
import { ACP_AGENT_V2_TURN_REQUIREMENTS } from "./acp-agent-v2-turns.js";
import { ACP_AGENT_V2_SETUP_REQUIREMENTS } from "./acp-agent-v2-setup.js";
import { ACP_AGENT_V2_TOOL_REQUIREMENTS } from "./acp-agent-v2-tools.js";
import { ACP_AGENT_V2_SESSION_REQUIREMENTS } from "./acp-agent-v2-sessions.js";
import { ACP_AGENT_V2_SESSION_CONFIG_REQUIREMENTS } from "./acp-agent-v2-session-config.js";
import { ACP_AGENT_V2_WIRE_REQUIREMENTS } from "./acp-agent-v2-wire.js";
import { ACP_AGENT_V2_EXTENSIBILITY_REQUIREMENTS } from "./acp-agent-v2-extensibility.js";
import { ACP_AGENT_V2_AUTH_REQUIREMENTS } from "./acp-agent-v2-auth.js";
import { ACP_AGENT_V2_CAPABILITY_COMMITMENT_REQUIREMENTS } from "./acp-agent-v2-capability-commitments.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_REQUIREMENTS = [
  ...ACP_AGENT_WIRE_REQUIREMENTS,
  ...ACP_AGENT_TURN_REQUIREMENTS,
  ...ACP_AGENT_SESSION_REQUIREMENTS,
  ...ACP_AGENT_ROBUSTNESS_REQUIREMENTS,
  ...ACP_AGENT_FS_TERMINAL_REQUIREMENTS,
  ...ACP_AGENT_SESSION_CONFIG_REQUIREMENTS,
  ...ACP_AGENT_EXTENSION_REQUIREMENTS,
  ...ACP_AGENT_ELICITATION_REQUIREMENTS,
  ...ACP_AGENT_TOOL_CALL_REQUIREMENTS,
  ...ACP_AGENT_UPDATE_STREAM_REQUIREMENTS,
  ...ACP_AGENT_INITIALIZE_REQUIREMENTS,
  ...ACP_AGENT_MCP_CONTENT_REQUIREMENTS,
  ...ACP_AGENT_SESSION_CONSISTENCY_REQUIREMENTS,
  ...ACP_AGENT_V2_TURN_REQUIREMENTS,
  ...ACP_AGENT_V2_SETUP_REQUIREMENTS,
  ...ACP_AGENT_V2_TOOL_REQUIREMENTS,
  ...ACP_AGENT_V2_SESSION_REQUIREMENTS,
  ...ACP_AGENT_V2_SESSION_CONFIG_REQUIREMENTS,
  ...ACP_AGENT_V2_WIRE_REQUIREMENTS,
  ...ACP_AGENT_V2_EXTENSIBILITY_REQUIREMENTS,
  ...ACP_AGENT_V2_AUTH_REQUIREMENTS,
  ...ACP_AGENT_V2_CAPABILITY_COMMITMENT_REQUIREMENTS,
] as const satisfies readonly Requirement[];

export type AcpAgentRequirementId = (typeof ACP_AGENT_REQUIREMENTS)[number]["id"];
