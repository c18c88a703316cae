/**
 * Every normative statement of the pinned v2 (draft) docs that concerns an agent, in page order
 * (the top-level `docs/protocol/v2/*.mdx`; `draft/` is out of scope). Split by page family; each
 * file is one family's statements. No v2 requirement exists yet, so each is a gap or excluded;
 * a gap that a v1 requirement checks the same way on the wire names it.
 */
import { AGENT_V2_ELICITATION_STATEMENTS } from "./agent-v2-elicitation.js";
import { AGENT_V2_EXTENSIBILITY_STATEMENTS } from "./agent-v2-extensibility.js";
import { AGENT_V2_INITIALIZATION_STATEMENTS } from "./agent-v2-initialization.js";
import { AGENT_V2_MIGRATION_LIFECYCLE_STATEMENTS } from "./agent-v2-migration-lifecycle.js";
import { AGENT_V2_MIGRATION_SURFACE_STATEMENTS } from "./agent-v2-migration-surfaces.js";
import { AGENT_V2_OUTPUT_STATEMENTS } from "./agent-v2-output.js";
import { AGENT_V2_SESSION_SETTINGS_STATEMENTS } from "./agent-v2-session-settings.js";
import { AGENT_V2_SESSION_SETUP_STATEMENTS } from "./agent-v2-session-setup.js";
import { AGENT_V2_TOOL_CALL_STATEMENTS } from "./agent-v2-tool-calls.js";
import { AGENT_V2_TRANSPORT_STATEMENTS } from "./agent-v2-transports.js";
import { AGENT_V2_TURN_STATEMENTS } from "./agent-v2-turns.js";
import type { V2Page } from "./pages-v2.js";
import type { SpecStatement } from "./types.js";

export const AGENT_V2_STATEMENTS: readonly SpecStatement<V2Page>[] = [
  ...AGENT_V2_TRANSPORT_STATEMENTS,
  ...AGENT_V2_INITIALIZATION_STATEMENTS,
  ...AGENT_V2_SESSION_SETUP_STATEMENTS,
  ...AGENT_V2_SESSION_SETTINGS_STATEMENTS,
  ...AGENT_V2_TURN_STATEMENTS,
  ...AGENT_V2_OUTPUT_STATEMENTS,
  ...AGENT_V2_TOOL_CALL_STATEMENTS,
  ...AGENT_V2_ELICITATION_STATEMENTS,
  ...AGENT_V2_EXTENSIBILITY_STATEMENTS,
  ...AGENT_V2_MIGRATION_LIFECYCLE_STATEMENTS,
  ...AGENT_V2_MIGRATION_SURFACE_STATEMENTS,
];
