/**
 * The one registry of runtime-mode scenarios, in the order they run and are reported: first the
 * runtime's own contract over transport "stdio" (the kit plays the parent and the agent), then
 * the client-mode scenarios through the runtime's acp transport (acp-transport.ts).
 */
import type { Scenario } from "../../kit/scenario.js";
import { ACP_RUNTIME_SCENARIOS } from "./acp-transport.js";
import { cancelScenario } from "./cleanup.js";
import {
  agentErrorScenario,
  duplicateIdScenario,
  nonJsonScenario,
  ordinaryScenario,
  streamedScenario,
} from "./events.js";
import { splitLineScenario } from "./framing.js";
import { invalidFieldsScenario, unknownFieldScenario, unsupportedVersionScenario } from "./initialization.js";
import { inputBoundaryScenario, stderrFloodScenario, stdoutFloodScenario } from "./limits.js";
import { timeoutScenario } from "./timeouts.js";

export { GENERIC_RUNTIME_REQUIREMENTS } from "./generic-checks.js";
export { ACP_RUNTIME_SCENARIOS };

/** The runtime's own contract, over transport "stdio". */
export const STDIO_RUNTIME_SCENARIOS: readonly Scenario[] = [
  ordinaryScenario,
  streamedScenario,
  splitLineScenario,
  duplicateIdScenario,
  agentErrorScenario,
  nonJsonScenario,
  unsupportedVersionScenario,
  unknownFieldScenario,
  invalidFieldsScenario,
  inputBoundaryScenario,
  stdoutFloodScenario,
  stderrFloodScenario,
  timeoutScenario,
  cancelScenario,
];

export const RUNTIME_SCENARIOS: readonly Scenario[] = [
  ...STDIO_RUNTIME_SCENARIOS.map((scenario) => ({ ...scenario, transport: "stdio" as const })),
  ...ACP_RUNTIME_SCENARIOS,
];
