/**
 * The one registry of agent-mode scenarios, in the order they run and are reported.
 * Add a scenario here and declare the requirements it records; the meta-tests check that
 * every registered requirement is exercised by some scenario.
 */
import type { Scenario } from "../../kit/scenario.js";
import { authenticationScenario } from "./authentication.js";
import { cancelRequestScenario } from "./cancel-request.js";
import { cancelDuringTurnScenario } from "./cancellation.js";
import { stdinCloseScenario } from "./cleanup.js";
import { coalescedWritesScenario, crlfScenario, splitWritesScenario } from "./framing.js";
import { mistypedVersionScenario, unsupportedVersionScenario, versionOneScenario } from "./initialization.js";
import {
  idTypesScenario,
  invalidParamsScenario,
  invalidRequestScenario,
  notificationsScenario,
  parseErrorScenario,
  unknownMethodsScenario,
} from "./jsonrpc.js";
import { extensibilityScenario } from "./extensibility.js";
import { configOptionsScenario, sessionModesScenario } from "./session-config.js";
import { longAndShortTurnsScenario } from "./session-isolation.js";
import { newerVersionScenario } from "./version-probes.js";
import { jsonArrayScenario, prompt16MiBScenario, prompt1MiBScenario } from "./limits.js";
import { cancelledPermissionScenario, rejectPermissionScenario } from "./permission.js";
import { capabilitiesWithheldScenario } from "./capabilities.js";
import { fsReadScenario, fsWriteScenario } from "./fs.js";
import { terminalScenario } from "./terminal.js";
import { plainTurnScenario } from "./prompt.js";
import {
  concurrentSessionsScenario,
  unknownSessionScenario,
  uniqueSessionIdsScenario,
} from "./session-matching.js";
import {
  agentCoalescedFramesProperty,
  agentIdRoundTripProperty,
  agentSplitFramesProperty,
} from "./framing-properties.js";
import { agentCancelAnywhereProperty, agentPromptContentProperty } from "./turn-properties.js";
import { loadSessionScenario, resumeSessionScenario } from "./sessions.js";
import { closeSessionScenario } from "./sessions-close.js";
import { listSessionsScenario } from "./sessions-list.js";
import { additionalRootsScenario } from "./sessions-roots.js";
import { elicitationFormScenario, elicitationNoModeScenario, elicitationUrlScenario } from "./elicitation.js";
import { elicitationCancelledTurnScenario, elicitationRefusedScenario } from "./elicitation-answers.js";
import { staleCancelRequestScenario } from "./cancel-request-stale.js";
import { allowPermissionScenario } from "./permission-allowed.js";
import { initializeResultScenario } from "./initialize-result.js";
import { clientCapabilitySetsScenario } from "./client-capability-sets.js";
import { capabilityProbesScenario } from "./capability-probes.js";
import { baselineContentScenario } from "./baseline-content.js";
import { authLifecycleScenario } from "./auth-lifecycle.js";
import { mcpServersScenario } from "./mcp-servers.js";
import { promptContentScenario } from "./content.js";
import { slashCommandsScenario } from "./slash-commands.js";

export { GENERIC_AGENT_REQUIREMENTS } from "./generic-checks.js";

export const AGENT_SCENARIOS: readonly Scenario[] = [
  // First: against an agent that leaves a cancelled turn unanswered it waits out a whole turn's
  // wait, which then runs beside the rest instead of after it.
  cancelRequestScenario,
  versionOneScenario,
  unsupportedVersionScenario,
  mistypedVersionScenario,
  newerVersionScenario,
  authenticationScenario,
  splitWritesScenario,
  coalescedWritesScenario,
  crlfScenario,
  idTypesScenario,
  notificationsScenario,
  unknownMethodsScenario,
  parseErrorScenario,
  invalidRequestScenario,
  invalidParamsScenario,
  uniqueSessionIdsScenario,
  unknownSessionScenario,
  concurrentSessionsScenario,
  loadSessionScenario,
  resumeSessionScenario,
  listSessionsScenario,
  additionalRootsScenario,
  closeSessionScenario,
  longAndShortTurnsScenario,
  plainTurnScenario,
  cancelDuringTurnScenario,
  sessionModesScenario,
  configOptionsScenario,
  extensibilityScenario,
  rejectPermissionScenario,
  cancelledPermissionScenario,
  fsReadScenario,
  fsWriteScenario,
  terminalScenario,
  capabilitiesWithheldScenario,
  prompt1MiBScenario,
  prompt16MiBScenario,
  jsonArrayScenario,
  stdinCloseScenario,
  elicitationNoModeScenario,
  elicitationFormScenario,
  elicitationUrlScenario,
  elicitationRefusedScenario,
  elicitationCancelledTurnScenario,
  staleCancelRequestScenario,
  // Property-based: generated cases from --seed, --runs per property (scenarios/properties/).
  agentSplitFramesProperty,
  agentCoalescedFramesProperty,
  agentIdRoundTripProperty,
  agentPromptContentProperty,
  agentCancelAnywhereProperty,
  allowPermissionScenario,
  // Initialization, capabilities and the auth lifecycle (issue 15).
  initializeResultScenario,
  clientCapabilitySetsScenario,
  capabilityProbesScenario,
  baselineContentScenario,
  authLifecycleScenario,
  mcpServersScenario,
  promptContentScenario,
  slashCommandsScenario,
];
