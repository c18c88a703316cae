/**
 * Client mode's v2 profile (`client --protocol-version 2`): the scenarios that test a client
 * against the ACP v2 draft, in run order, and the requirements recorded over every v2 run.
 * The folder has the layout of a mode's (ARCHITECTURE.md, section 4) and may use client mode's
 * v1 parts where the wire is the same in both versions. The kit's agent here is the mock agent
 * with `protocolVersion: 2` (peers/agent/v2/), but for answered-1, which plays a v1-only agent.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import { GENERIC_CLIENT_V2_CHECK_REQUIREMENTS } from "./generic-checks-v2.js";
import { cancelWhileAskingV2Scenario } from "./cancellation.js";
import { answeredOneScenario, unsupportedVersionV2Scenario } from "./negotiation.js";
import { promptTurnV2Scenario } from "./prompt-turn.js";
import { stopReasonsV2Scenario } from "./stop-reasons.js";
import { withheldCapabilitiesV2Scenario } from "./withheld-capabilities.js";
import { jsonrpcRobustnessV2Scenario } from "./jsonrpc-robustness.js";
import { crlfV2Scenario, splitFramesV2Scenario, stderrFloodV2Scenario } from "./framing.js";
import { updateVariantsV2Scenario } from "./update-variants-v2.js";
import { batchesV2Scenario } from "./batches.js";
import { loginWhenRequiredV2Scenario } from "./login-when-required.js";
import { displayStateV2Scenario } from "./display-state.js";
import { commandsAfterSessionNewV2Scenario } from "./commands-after-session-new.js";
import { slashCommandV2Scenario } from "./slash-command.js";
import { authMethodsV2Scenario } from "./auth-methods.js";
import { logoutThenPromptV2Scenario } from "./logout-then-prompt.js";
import { sessionsV2Scenario } from "./sessions.js";
import {
  cancelledErrorV2Scenario,
  unknownErrorCodeV2Scenario,
  wrongResponseIdV2Scenario,
} from "./jsonrpc-errors.js";
import { concurrentRequestsV2Scenario } from "./concurrent-requests.js";
import { hungAgentV2Scenario } from "./hung-agent.js";
import { largeFrameV2Scenario, stdoutFloodV2Scenario } from "./limits.js";

export const CLIENT_V2_SCENARIOS: readonly Scenario[] = [
  promptTurnV2Scenario,
  stopReasonsV2Scenario,
  answeredOneScenario,
  unsupportedVersionV2Scenario,
  cancelWhileAskingV2Scenario,
  withheldCapabilitiesV2Scenario,
  jsonrpcRobustnessV2Scenario,
  splitFramesV2Scenario,
  crlfV2Scenario,
  stderrFloodV2Scenario,
  updateVariantsV2Scenario,
  batchesV2Scenario,
  loginWhenRequiredV2Scenario,
  displayStateV2Scenario,
  commandsAfterSessionNewV2Scenario,
  slashCommandV2Scenario,
  authMethodsV2Scenario,
  logoutThenPromptV2Scenario,
  sessionsV2Scenario,
  wrongResponseIdV2Scenario,
  unknownErrorCodeV2Scenario,
  cancelledErrorV2Scenario,
  concurrentRequestsV2Scenario,
  hungAgentV2Scenario,
  largeFrameV2Scenario,
  stdoutFloodV2Scenario,
];

export const GENERIC_CLIENT_V2_REQUIREMENTS: readonly RequirementId[] = GENERIC_CLIENT_V2_CHECK_REQUIREMENTS;
