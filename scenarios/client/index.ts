/** The one registry of client-mode scenarios, in the order they run and are reported. */
import type { Scenario } from "../../kit/scenario.js";
import {
  clientForeignUpdatesProperty,
  clientPermissionAnywhereProperty,
  clientSplitFramesProperty,
} from "./properties.js";
import { BEHAVIOUR_SCENARIOS } from "./behaviour.js";
import { PROTOCOL_SCENARIOS } from "./protocol.js";
import { TURN_SCENARIOS } from "./turns.js";

export { GENERIC_CLIENT_REQUIREMENTS } from "./generic-checks.js";

export const CLIENT_SCENARIOS: readonly Scenario[] = [
  ...TURN_SCENARIOS,
  ...PROTOCOL_SCENARIOS,
  ...BEHAVIOUR_SCENARIOS,
  // Property-based: generated cases from --seed, --runs per property (properties.ts).
  clientSplitFramesProperty,
  clientForeignUpdatesProperty,
  clientPermissionAnywhereProperty,
];
