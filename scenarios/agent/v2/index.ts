/**
 * Agent mode's v2 profile (`agent --protocol-version 2`): the scenarios that test an agent
 * against the ACP v2 draft, in run order, and the requirements recorded over every v2 run.
 * The folder has the layout of a mode's (ARCHITECTURE.md, section 4) and may use agent mode's
 * v1 parts where the wire is the same in both versions.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { authLifecycleV2Scenario } from "./auth-lifecycle.js";
import { authenticationV2Scenario } from "./authentication.js";
import { batchesV2Scenario } from "./batches.js";
import { cancellationV2Scenario } from "./cancellation.js";
import {
  elicitationFormV2Scenario,
  elicitationNoModeV2Scenario,
  elicitationUrlV2Scenario,
} from "./elicitation.js";
import { elicitationRefusedV2Scenario } from "./elicitation-refused.js";
import { clientCapabilitiesV2Scenario } from "./client-capabilities.js";
import { extensibilityV2Scenario } from "./extensibility.js";
import { initializationV2Scenario } from "./initialization.js";
import { jsonRpcV2Scenario } from "./jsonrpc.js";
import { promptContentV2Scenario } from "./prompt-content.js";
import { promptTurnV2Scenario } from "./prompt-turn.js";
import { cleanupV2Scenario, framingV2Scenario } from "./transport.js";
import { toolOutputV2Scenario } from "./tool-output.js";
import { permissionOutcomesV2Scenario } from "./permission.js";
import { heldPermissionV2Scenario } from "./permission-hold.js";
import { cancelWhileAskingV2Scenario } from "./permission-cancel.js";
import { sessionConfigV2Scenario } from "./session-config.js";
import { sessionListV2Scenario } from "./session-list.js";
import { sessionResumeV2Scenario } from "./session-resume.js";

export { GENERIC_AGENT_V2_REQUIREMENTS } from "./generic-checks.js";

/**
 * The probes a broken agent most often leaves unanswered (framing, JSON-RPC errors and
 * $/cancel_request, batches) come first: each unanswered one waits out an answer's wait, and
 * started first that wait overlaps the rest of the run instead of trailing it.
 */
export const AGENT_V2_SCENARIOS: readonly Scenario[] = [
  jsonRpcV2Scenario,
  framingV2Scenario,
  batchesV2Scenario,
  initializationV2Scenario,
  promptTurnV2Scenario,
  cancellationV2Scenario,
  cleanupV2Scenario,
  toolOutputV2Scenario,
  permissionOutcomesV2Scenario,
  heldPermissionV2Scenario,
  cancelWhileAskingV2Scenario,
  sessionResumeV2Scenario,
  sessionListV2Scenario,
  sessionConfigV2Scenario,
  extensibilityV2Scenario,
  elicitationNoModeV2Scenario,
  elicitationFormV2Scenario,
  elicitationUrlV2Scenario,
  elicitationRefusedV2Scenario,
  authenticationV2Scenario,
  authLifecycleV2Scenario,
  promptContentV2Scenario,
  clientCapabilitiesV2Scenario,
];
