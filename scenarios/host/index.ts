/**
 * The one registry of host-mode scenarios (the kit plays the adapter through `{adapter}`), in
 * the order they run and are reported. Every adapter starts a child in its own process group
 * and first shows a control message (shared-checks.ts), so each run also tells whether the
 * host shows messages at all and what it leaves behind.
 */
import type { Scenario } from "../../kit/scenario.js";
import { cancelScenario } from "./cleanup.js";
import {
  duplicateIdScenario,
  errorEventScenario,
  nonJsonLineScenario,
  nonzeroExitScenario,
  ordinaryScenario,
  unknownTypeScenario,
} from "./events.js";
import { splitLineScenario } from "./framing.js";
import { stderrFloodScenario, stdoutFloodScenario } from "./limits.js";
import { hungAdapterScenario } from "./timeouts.js";
import { hostEventInterleavingsProperty } from "./events-properties.js";
import { hostSplitLinesProperty } from "./framing-properties.js";

export { GENERIC_HOST_REQUIREMENTS } from "./generic-checks.js";

export const HOST_SCENARIOS: readonly Scenario[] = [
  ordinaryScenario,
  splitLineScenario,
  duplicateIdScenario,
  unknownTypeScenario,
  nonJsonLineScenario,
  errorEventScenario,
  nonzeroExitScenario,
  stdoutFloodScenario,
  stderrFloodScenario,
  hungAdapterScenario,
  cancelScenario,
  // Property-based: generated cases from --seed, --runs per property (scenarios/properties/).
  hostSplitLinesProperty,
  hostEventInterleavingsProperty,
];
