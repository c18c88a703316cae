/** Every mode the CLI can run: its scenarios, the checks it records on every frame, and its preflight. */
import { UsageError } from "../kit/errors.js";
import type { ProtocolVersion, RequirementId } from "../kit/requirements/index.js";
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
import { AGENT_V2_SCENARIOS, GENERIC_AGENT_V2_REQUIREMENTS } from "./agent/v2/index.js";
import { CLIENT_V2_SCENARIOS, GENERIC_CLIENT_V2_REQUIREMENTS } from "./client/v2/index.js";
import { preflightAgentV2 } from "./agent/v2/preflight.js";

export interface ModeDefinition {
  scenarios: readonly Scenario[];
  generic: readonly RequirementId[];
  preflight: Preflight;
}

/** Every mode as it tests ACP v1 (and the stdio protocols, which have one version). */
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

/** The ACP v2 draft's profile of agent and client modes (`--protocol-version 2`). */
export const V2_MODES: Record<"agent" | "client", ModeDefinition> = {
  agent: {
    scenarios: AGENT_V2_SCENARIOS,
    generic: GENERIC_AGENT_V2_REQUIREMENTS,
    preflight: preflightAgentV2,
  },
  client: {
    scenarios: CLIENT_V2_SCENARIOS,
    generic: GENERIC_CLIENT_V2_REQUIREMENTS,
    preflight: preflightClient, // the same need in v2: a command with {agent}
  },
};

/** One mode as one profile tests it. */
export function modeDefinition(mode: Mode, version: ProtocolVersion): ModeDefinition {
  if (version === 1) return MODES[mode];
  if (mode !== "agent" && mode !== "client")
    throw new UsageError(`--protocol-version is for agent and client modes; ${mode} mode has one version`);
  return V2_MODES[mode];
}

/** Every mode under every profile, for listings and the registry's meta-tests: [label, mode, version, definition]. */
export const MODE_PROFILES: ReadonlyArray<{
  mode: Mode;
  version: ProtocolVersion;
  definition: ModeDefinition;
}> = [
  ...(Object.entries(MODES) as Array<[Mode, ModeDefinition]>).map(([mode, definition]) => ({
    mode,
    version: 1 as const,
    definition,
  })),
  ...(Object.entries(V2_MODES) as Array<[Mode, ModeDefinition]>).map(([mode, definition]) => ({
    mode,
    version: 2 as const,
    definition,
  })),
];
