/** Every mode the CLI can run: its scenarios, the checks it records on every frame, and its preflight. */
import type { RequirementId } from "../kit/requirements/index.js";
import type { Mode, Preflight, Scenario } from "../kit/scenario.js";
import { AGENT_SCENARIOS, GENERIC_AGENT_REQUIREMENTS } from "./agent/index.js";
import { preflightAgent } from "./agent/preflight.js";
import { CLIENT_SCENARIOS, GENERIC_CLIENT_REQUIREMENTS } from "./client/index.js";
import { preflightClient } from "./client/preflight.js";
import { ADAPTER_SCENARIOS, GENERIC_ADAPTER_REQUIREMENTS } from "./adapter/index.js";
import { preflightAdapter } from "./adapter/preflight.js";
import { GENERIC_HOST_REQUIREMENTS, HOST_SCENARIOS } from "./host/index.js";
import { preflightHost } from "./host/preflight.js";
import { GENERIC_RUNTIME_REQUIREMENTS, RUNTIME_SCENARIOS } from "./runtime/index.js";

export interface ModeDefinition {
  scenarios: readonly Scenario[];
  generic: readonly RequirementId[];
  preflight: Preflight;
}

export const MODES: Record<Mode, ModeDefinition> = {
  agent: { scenarios: AGENT_SCENARIOS, generic: GENERIC_AGENT_REQUIREMENTS, preflight: preflightAgent },
  client: { scenarios: CLIENT_SCENARIOS, generic: GENERIC_CLIENT_REQUIREMENTS, preflight: preflightClient },
  adapter: {
    scenarios: ADAPTER_SCENARIOS,
    generic: GENERIC_ADAPTER_REQUIREMENTS,
    preflight: preflightAdapter,
  },
  host: { scenarios: HOST_SCENARIOS, generic: GENERIC_HOST_REQUIREMENTS, preflight: preflightHost },
  runtime: {
    scenarios: RUNTIME_SCENARIOS,
    generic: [...GENERIC_RUNTIME_REQUIREMENTS, ...GENERIC_CLIENT_REQUIREMENTS],
    preflight: async () => ({}),
  },
};
