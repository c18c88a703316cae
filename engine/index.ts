/**
 * The programmatic entry point of acp-conformance (`import ... from "acp-conformance"`): the
 * requirement registry, the report's types, the engine that runs scenarios and the judge of a
 * run. Most users want the CLI; the scripted peers for unit tests are `acp-conformance/peers`,
 * and the fast-check arbitraries `acp-conformance/properties`.
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
  VerdictFlip,
} from "../kit/report/report-types.js";
export { createRunOutcome, runScenarios, selectScenarios } from "./runner.js";
export type { RunOutcome, RunFacts } from "./runner.js";
export { judgeRun, reportedRequirements } from "./judge-run.js";
export type { JudgedRun, JudgeInput, Interruption } from "./judge-run.js";
export { buildReport } from "./build-report.js";
export { aggregateRequirements, summarize } from "./verdict.js";
export { findVerdictFlips } from "./verdict-flips.js";
export type { RunPlan, RunOptions, TargetCommand } from "../kit/run-options.js";
export type { Scenario, ScenarioContext, CheckInput } from "../kit/scenario.js";
export { KIT_VERSION } from "../kit/version.js";
