/**
 * The programmatic entry point of acp-conformance: the requirement registry, the report's
 * types, and the engine that runs scenarios. Most users want the CLI; the scripted peers for
 * unit tests will be published as `acp-conformance/peers`.
 */
export {
  REQUIREMENTS,
  PINNED_SPEC,
  findRequirement,
  requirementsForSide,
  AREAS,
} from "../kit/requirements/index.js";
export type { Requirement, RequirementId, Area, Level, Side, Protocol } from "../kit/requirements/index.js";
export type {
  ConformanceReport,
  RequirementResult,
  CheckResult,
  Evidence,
  ScenarioResult,
} from "../kit/report/report-types.js";
export { runScenarios, selectScenarios } from "./runner.js";
export { aggregateRequirements, runVerdict, summarize } from "./verdict.js";
export type { RunPlan, RunOptions, TargetCommand } from "../kit/run-options.js";
export type { Scenario, ScenarioContext, CheckInput } from "../kit/scenario.js";
export { KIT_VERSION } from "../kit/version.js";
