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
import { PROTOCOL_SCENARIOS } from "./protocol.js";
import { TURN_SCENARIOS } from "./turns.js";

export { GENERIC_CLIENT_REQUIREMENTS } from "./generic-checks.js";

export const CLIENT_SCENARIOS: readonly Scenario[] = [
  ...TURN_SCENARIOS,
  ...PROTOCOL_SCENARIOS,
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
