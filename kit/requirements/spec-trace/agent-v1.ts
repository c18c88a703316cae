/**
 * Every normative statement of the pinned v1 spec that concerns an agent, in page order.
 * Split by page family; each file is one family's statements.
 */
import { AGENT_CLIENT_METHOD_STATEMENTS } from "./agent-client-methods.js";
import { AGENT_INITIALIZATION_STATEMENTS } from "./agent-initialization.js";
import { AGENT_OUTPUT_STATEMENTS } from "./agent-output.js";
import { AGENT_SESSION_SETTINGS_STATEMENTS } from "./agent-session-settings.js";
import { AGENT_SESSION_SETUP_STATEMENTS } from "./agent-session-setup.js";
import { AGENT_SESSION_STATE_STATEMENTS } from "./agent-session-state.js";
import { AGENT_TURN_STATEMENTS } from "./agent-turns.js";
import { AGENT_WIRE_STATEMENTS } from "./agent-wire.js";
import type { SpecStatement } from "./types.js";

export const AGENT_V1_STATEMENTS: readonly SpecStatement[] = [
  ...AGENT_WIRE_STATEMENTS,
  ...AGENT_INITIALIZATION_STATEMENTS,
  ...AGENT_SESSION_SETUP_STATEMENTS,
  ...AGENT_SESSION_STATE_STATEMENTS,
  ...AGENT_SESSION_SETTINGS_STATEMENTS,
  ...AGENT_TURN_STATEMENTS,
  ...AGENT_OUTPUT_STATEMENTS,
  ...AGENT_CLIENT_METHOD_STATEMENTS,
];
