/**
 * Every normative statement of the pinned v2 (draft) docs that concerns a client, in page order
 * (the top-level `docs/protocol/v2/*.mdx`; `draft/` is out of scope): what the client must, should
 * or may do, what it must accept from agents, and the required fields of what it sends. Split by
 * page family. No v2 requirement exists yet, so each is a gap or excluded; a gap that a v1
 * requirement checks the same way on the wire names it.
 */
import { CLIENT_V2_ELICITATION_STATEMENTS } from "./client-v2-elicitation.js";
import { CLIENT_V2_EXTENSIBILITY_STATEMENTS } from "./client-v2-extensibility.js";
import { CLIENT_V2_INITIALIZATION_STATEMENTS } from "./client-v2-initialization.js";
import { CLIENT_V2_MIGRATION_LIFECYCLE_STATEMENTS } from "./client-v2-migration-lifecycle.js";
import { CLIENT_V2_MIGRATION_SURFACE_STATEMENTS } from "./client-v2-migration-surfaces.js";
import { CLIENT_V2_OVERVIEW_STATEMENTS } from "./client-v2-overview.js";
import { CLIENT_V2_SESSION_SETTINGS_STATEMENTS } from "./client-v2-session-settings.js";
import { CLIENT_V2_SESSION_SETUP_STATEMENTS } from "./client-v2-session-setup.js";
import { CLIENT_V2_TOOL_CALL_STATEMENTS } from "./client-v2-tool-calls.js";
import { CLIENT_V2_TRANSPORT_STATEMENTS } from "./client-v2-transports.js";
import { CLIENT_V2_TURN_STATEMENTS } from "./client-v2-turns.js";
import type { V2Page } from "./pages-v2.js";
import type { SpecStatement } from "./types.js";

export const CLIENT_V2_STATEMENTS: readonly SpecStatement<V2Page>[] = [
  ...CLIENT_V2_TRANSPORT_STATEMENTS,
  ...CLIENT_V2_OVERVIEW_STATEMENTS,
  ...CLIENT_V2_INITIALIZATION_STATEMENTS,
  ...CLIENT_V2_SESSION_SETUP_STATEMENTS,
  ...CLIENT_V2_SESSION_SETTINGS_STATEMENTS,
  ...CLIENT_V2_TURN_STATEMENTS,
  ...CLIENT_V2_TOOL_CALL_STATEMENTS,
  ...CLIENT_V2_ELICITATION_STATEMENTS,
  ...CLIENT_V2_EXTENSIBILITY_STATEMENTS,
  ...CLIENT_V2_MIGRATION_LIFECYCLE_STATEMENTS,
  ...CLIENT_V2_MIGRATION_SURFACE_STATEMENTS,
];
