/** The one registry of client-mode scenarios, in the order they run and are reported. */
import type { Scenario } from "../../kit/scenario.js";
import {
  clientForeignUpdatesProperty,
  clientPermissionAnywhereProperty,
  clientSplitFramesProperty,
} from "./properties.js";
import { capabilitiesFsScenario, capabilitiesTerminalScenario } from "./capabilities.js";
import { largeFrameScenario, stdoutFloodScenario } from "./limits.js";
import { cancelWhileAskingScenario, permissionScenario } from "./permission.js";
import { hungAgentScenario } from "./timeouts.js";
import { unsupportedVersionScenario } from "./initialization.js";
import { unknownErrorCodeScenario, unknownRequestScenario } from "./jsonrpc.js";
import { foreignUpdatesScenario, wrongResponseIdScenario } from "./session-matching.js";
import { ordinaryTurnScenario } from "./cleanup.js";
import {
  coalescedFramesScenario,
  crlfScenario,
  splitFramesScenario,
  stderrFloodScenario,
} from "./framing.js";

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
  // Property-based: generated cases from --seed, --runs per property (properties.ts).
  clientSplitFramesProperty,
  clientForeignUpdatesProperty,
  clientPermissionAnywhereProperty,
];
