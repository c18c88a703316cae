/**
 * Every normative statement of the pinned v1 spec that concerns a client, in page order.
 * Split by page family; each file is one family's statements.
 */
import { CLIENT_EXTENSIBILITY_STATEMENTS } from "./client-extensibility.js";
import { CLIENT_INITIALIZATION_STATEMENTS } from "./client-initialization.js";
import { CLIENT_METHOD_STATEMENTS } from "./client-methods.js";
import { CLIENT_SESSION_SETTINGS_STATEMENTS } from "./client-session-settings.js";
import { CLIENT_SESSION_SETUP_STATEMENTS } from "./client-session-setup.js";
import { CLIENT_TURN_STATEMENTS } from "./client-turns.js";
import { CLIENT_OVERVIEW_STATEMENTS } from "./client-overview.js";
import { CLIENT_WIRE_STATEMENTS } from "./client-wire.js";
import type { SpecStatement } from "./types.js";

export const CLIENT_V1_STATEMENTS: readonly SpecStatement[] = [
  ...CLIENT_WIRE_STATEMENTS,
  ...CLIENT_OVERVIEW_STATEMENTS,
  ...CLIENT_INITIALIZATION_STATEMENTS,
  ...CLIENT_SESSION_SETUP_STATEMENTS,
  ...CLIENT_SESSION_SETTINGS_STATEMENTS,
  ...CLIENT_TURN_STATEMENTS,
  ...CLIENT_METHOD_STATEMENTS,
  ...CLIENT_EXTENSIBILITY_STATEMENTS,
];
