/**
 * The one registry of adapter-mode scenarios (the kit plays the host), in the order they run
 * and are reported. Every run also records the generic checks of generic-checks.ts.
 */
import type { Scenario } from "../../kit/scenario.js";
import { unsupportedVersionScenario } from "./events.js";
import { largeEnvelopeScenario, ordinaryTaskScenario } from "./limits.js";
import { adapterTaskContentProperty } from "./events-properties.js";

export { GENERIC_ADAPTER_REQUIREMENTS } from "./generic-checks.js";

export const ADAPTER_SCENARIOS: readonly Scenario[] = [
  ordinaryTaskScenario,
  largeEnvelopeScenario,
  unsupportedVersionScenario,
  // Property-based: generated cases from --seed, --runs per property (scenarios/properties/).
  adapterTaskContentProperty,
];
