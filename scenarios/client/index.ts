/**
 * The one registry of client-mode scenarios, in the order they run and are reported. Add a
 * scenario here and declare the requirements it records; the meta-tests check that every
 * registered requirement is exercised by some scenario.
 */
import type { Scenario } from "../../kit/scenario.js";
import { capabilitiesFsScenario, capabilitiesTerminalScenario } from "./capabilities.js";
import { ordinaryTurnScenario } from "./cleanup.js";
import {
  coalescedFramesScenario,
  crlfScenario,
  splitFramesScenario,
  stderrFloodScenario,
} from "./framing.js";
import { clientSplitFramesProperty } from "./framing-properties.js";
import { unsupportedVersionScenario } from "./initialization.js";
import { unknownErrorCodeScenario, unknownRequestScenario } from "./jsonrpc.js";
import { largeFrameScenario, stdoutFloodScenario } from "./limits.js";
import { cancelWhileAskingScenario, permissionScenario } from "./permission.js";
import { clientPermissionAnywhereProperty } from "./permission-properties.js";
import { foreignUpdatesScenario, wrongResponseIdScenario } from "./session-matching.js";
import { clientForeignUpdatesProperty } from "./session-matching-properties.js";
import { hungAgentScenario } from "./timeouts.js";
import { gatingFalseScenario, gatingNullScenario, gatingOmittedScenario } from "./gating.js";
import { malformedInputScenario } from "./jsonrpc-malformed-input.js";
import { updateVariantsScenario } from "./update-variants.js";
import { updateTimingScenario } from "./update-timing.js";
import { stopReasonsScenario } from "./stop-reasons.js";
import { configOptionsScenario, modesOnlyScenario } from "./session-config.js";
import { authRequiredScenario, logoutScenario } from "./authentication.js";
import { sessionDeleteScenario, sessionLoadScenario, sessionResumeScenario } from "./sessions.js";
import { delayedInitializeScenario } from "./message-order.js";
import { clientMethodsScenario } from "./client-methods.js";
import { agentCancelsRequestScenario, cancelledErrorScenario } from "./cancellation.js";
import { elicitationScenario } from "./elicitation.js";
import { slashCommandScenario } from "./slash-command.js";

export { GENERIC_CLIENT_REQUIREMENTS } from "./generic-checks.js";

export const CLIENT_SCENARIOS: readonly Scenario[] = [
  ordinaryTurnScenario,
  splitFramesScenario,
  coalescedFramesScenario,
  crlfScenario,
  stderrFloodScenario,
  unknownRequestScenario,
  unknownErrorCodeScenario,
  unsupportedVersionScenario,
  foreignUpdatesScenario,
  wrongResponseIdScenario,
  permissionScenario,
  cancelWhileAskingScenario,
  capabilitiesFsScenario,
  capabilitiesTerminalScenario,
  largeFrameScenario,
  stdoutFloodScenario,
  hungAgentScenario,
  gatingOmittedScenario,
  gatingNullScenario,
  gatingFalseScenario,
  // Property-based: generated cases from --seed, --runs per property (the *-properties.ts files).
  clientSplitFramesProperty,
  clientForeignUpdatesProperty,
  clientPermissionAnywhereProperty,
  malformedInputScenario,
  updateVariantsScenario,
  updateTimingScenario,
  stopReasonsScenario,
  configOptionsScenario,
  modesOnlyScenario,
  authRequiredScenario,
  logoutScenario,
  sessionLoadScenario,
  sessionResumeScenario,
  sessionDeleteScenario,
  delayedInitializeScenario,
  clientMethodsScenario,
  agentCancelsRequestScenario,
  cancelledErrorScenario,
  elicitationScenario,
  slashCommandScenario,
];
