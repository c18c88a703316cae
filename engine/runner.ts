/**
 * Selects scenarios, runs them with deadlines and bounded concurrency, and collects checks.
 * It knows nothing of any one scenario: it only enforces the contract of kit/scenario.ts.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { findRequirement, type RequirementId } from "../kit/requirements/index.js";
import {
  BlockedScenario,
  StopScenario,
  type CheckInput,
  type PreflightResult,
  type ProgressListener,
  type RecordedCheck,
  type Scenario,
  type ScenarioNeed,
} from "../kit/scenario.js";
import type { RunPlan } from "../kit/run-options.js";
import { KitBugError } from "../kit/errors.js";
import type { PropertyResult, ScenarioResult } from "../kit/report/report-types.js";
import { ownPeakRssBytes } from "../kit/process/peak-memory.js";
import { targetsSpawned } from "../kit/process/registry.js";
import { holdProcessOpen } from "../kit/time.js";

export type { ProgressListener };

/** What the run cost, as the report's environment gives it. */
export interface RunFacts {
  /** The kit's own peak resident memory so far. */
  kitPeakRssBytes: number;
  /** Target processes started since the outcome was created (preflight included). */
  targetsSpawned: number;
}

export interface RunOutcome {
  runId: string;
  checks: RecordedCheck[];
  scenarios: ScenarioResult[];
  properties: PropertyResult[];
  blockedReason: string | undefined;
  facts: RunFacts;
  /** targetsSpawned() when the outcome was created: the run's own count starts there. */
  readonly spawnedBefore: number;
}

const NEED_FLAGS: Record<ScenarioNeed, keyof RunPlan["options"]["prompts"]> = {
  prompt: "prompt",
  "cancel-prompt": "cancelPrompt",
  "permission-prompt": "permissionPrompt",
  "read-prompt": "readPrompt",
  "write-prompt": "writePrompt",
  "terminal-prompt": "terminalPrompt",
  "elicit-prompt": "elicitPrompt",
};

export function selectScenarios(all: readonly Scenario[], plan: RunPlan): Scenario[] {
  const { areas, only, skip, replay } = plan.options;
  return all.filter((scenario) => {
    const ids = [scenario.id, ...scenario.requirements];
    if (only.length > 0 && !ids.some((id) => only.includes(id))) return false;
    if (skip.includes(scenario.id)) return false;
    // --replay names one counterexample of one property: nothing else runs.
    if (replay !== undefined && !scenario.property) return false;
    if (scenario.transport !== undefined && !plan.options.transports.includes(scenario.transport))
      return false;
    if (areas.length > 0 && !scenario.requirements.some((id) => areas.includes(findRequirement(id)!.area)))
      return false;
    return true;
  });
}

function missingNeeds(scenario: Scenario, plan: RunPlan): ScenarioNeed[] {
  return (scenario.needs ?? []).filter((need) => plan.options.prompts[NEED_FLAGS[need]] === undefined);
}

/** An empty outcome; the runner fills it in as scenarios finish, so an interrupted run can still report what it has. */
export function createRunOutcome(runId: string = randomUUID()): RunOutcome {
  return {
    runId,
    checks: [],
    scenarios: [],
    properties: [],
    blockedReason: undefined,
    facts: { kitPeakRssBytes: 0, targetsSpawned: 0 },
    spawnedBefore: targetsSpawned(),
  };
}

/** Brings the outcome's facts up to now: after every scenario, and on an interruption. */
export function recordRunFacts(outcome: RunOutcome): void {
  outcome.facts = {
    kitPeakRssBytes: ownPeakRssBytes(),
    targetsSpawned: targetsSpawned() - outcome.spawnedBefore,
  };
}

/** How a run is set up besides its plan. */
export interface RunSetup {
  listener?: ProgressListener;
  runId?: string;
  /** Filled in as scenarios finish; create it first (createRunOutcome) to report an interrupted run. */
  outcome?: RunOutcome;
  /** What the mode's preflight learned: every scenario sees it, and its own checks are recorded first. */
  preflight?: PreflightResult;
}

/** The pseudo-scenario the preflight's checks are recorded under. */
export const PREFLIGHT_SCENARIO = "preflight";

export async function runScenarios(
  scenarios: readonly Scenario[],
  plan: RunPlan,
  setup: RunSetup = {},
): Promise<RunOutcome> {
  const runId = setup.runId ?? setup.outcome?.runId ?? randomUUID();
  const outcome = setup.outcome ?? createRunOutcome(runId);
  const listener = setup.listener ?? {};
  const preflight = setup.preflight ?? {};
  for (const check of preflight.checks ?? []) {
    if (!findRequirement(check.requirement))
      throw new KitBugError(
        `the preflight recorded a check for unregistered requirement ${check.requirement}`,
      );
    outcome.checks.push({ ...check, scenario: PREFLIGHT_SCENARIO, durationMs: 0 });
  }
  let next = 0;
  let kitBug: Error | undefined;
  const release = holdProcessOpen();

  const runOne = async (scenario: Scenario, index: number) => {
    listener.scenarioStarted?.(scenario, index, scenarios.length);
    const started = performance.now();
    const checks: RecordedCheck[] = [];
    const result: ScenarioResult = {
      id: scenario.id,
      title: scenario.title,
      status: "completed",
      durationMs: 0,
    };
    const missing = missingNeeds(scenario, plan);
    if (missing.length > 0) {
      result.status = "not-run";
      const flags = missing.map((need) => `--${need} <text>`).join(" and ");
      result.message = `needs ${flags} to steer a third-party target; not tested`;
      for (const requirement of scenario.requirements) {
        checks.push({
          requirement,
          verdict: "not-tested",
          message: `not exercised: ${result.message}`,
          unlock: flags,
          scenario: scenario.id,
          durationMs: 0,
        });
      }
    } else {
      const unlock = await runWithDeadline(scenario, plan, runId, preflight, checks, result, (property) =>
        outcome.properties.push(property),
      );
      // Say why a requirement this scenario exists for got no verdict from it.
      if (result.message !== undefined) {
        for (const requirement of scenario.requirements) {
          if (checks.some((check) => check.requirement === requirement)) continue;
          checks.push({
            requirement,
            verdict: "not-tested",
            message: `not exercised: scenario ${result.status === "completed" ? result.message : `${result.status}: ${result.message}`}`,
            ...(unlock !== undefined ? { unlock } : {}),
            scenario: scenario.id,
            durationMs: 0,
          });
        }
      }
    }
    result.durationMs = Math.round(performance.now() - started);
    outcome.checks.push(...checks);
    outcome.scenarios.push(result);
    if (result.status === "blocked") outcome.blockedReason ??= result.message;
    recordRunFacts(outcome);
    listener.scenarioFinished?.(scenario, result, checks);
  };

  // A scenario that waits out a deadline starts first, then the properties (many cases each),
  // and the short fixed scenarios fill the gaps: started last, the long ones left one worker
  // running alone for the run's last few seconds.
  const startOrder = [
    ...scenarios.filter((scenario) => scenario.waitsOutDeadline),
    ...scenarios.filter((scenario) => scenario.property && !scenario.waitsOutDeadline),
    ...scenarios.filter((scenario) => !scenario.property && !scenario.waitsOutDeadline),
  ];
  const worker = async () => {
    while (next < startOrder.length && !kitBug) {
      const index = next++;
      try {
        await runOne(startOrder[index]!, index);
      } catch (error) {
        kitBug ??= error as Error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, plan.options.jobs) }, worker)).finally(release);
  recordRunFacts(outcome);
  if (kitBug) throw kitBug;
  // Keep the report in scenario order whatever order the workers finished in.
  const order = new Map(scenarios.map((scenario, index) => [scenario.id, index]));
  outcome.scenarios.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  // The preflight's checks (no scenario of the list) come first.
  outcome.checks.sort((a, b) => (order.get(a.scenario) ?? -1) - (order.get(b.scenario) ?? -1));
  outcome.properties.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return outcome;
}

async function runWithDeadline(
  scenario: Scenario,
  plan: RunPlan,
  runId: string,
  preflight: PreflightResult,
  checks: RecordedCheck[],
  result: ScenarioResult,
  recordProperty: (property: PropertyResult) => void,
): Promise<string | undefined> {
  let unlock: string | undefined;
  const controller = new AbortController();
  const cleanups: Array<() => Promise<void>> = [];
  const started = performance.now();
  let closed = false;
  const context = {
    scenarioId: scenario.id,
    mode: plan.mode,
    options: plan.options,
    target: plan.target,
    signal: controller.signal,
    runId,
    preflight,
    check(input: CheckInput) {
      // A scenario that ran past its deadline may still be unwinding; once its cleanup is done its late checks are moot.
      if (closed) return;
      if (!findRequirement(input.requirement))
        throw new KitBugError(
          `scenario ${scenario.id} recorded a check for unregistered requirement ${input.requirement}`,
        );
      checks.push({ ...input, scenario: scenario.id, durationMs: performance.now() - started });
    },
    defer(cleanup: () => Promise<void>) {
      cleanups.push(cleanup);
    },
    recordProperty(property: PropertyResult) {
      if (!closed) recordProperty(property);
    },
  };
  let timer: NodeJS.Timeout | undefined;
  // A property runs many cases: its own budget comes on top of the one-scenario limit.
  const deadlineMs = plan.options.scenarioTimeoutMs + (scenario.property ? plan.options.propertyTimeMs : 0);
  const deadline = new Promise<"timed-out">((resolve) => {
    timer = setTimeout(() => resolve("timed-out"), deadlineMs);
  });
  try {
    const running = scenario.run(context);
    running.catch(() => {}); // after a timeout nobody awaits it; before, the race below rethrows
    const finished = await Promise.race([running.then(() => "done" as const), deadline]);
    if (finished === "timed-out") {
      result.status = "timed-out";
      result.message = `still running after ${deadlineMs} ms (--scenario-timeout${scenario.property ? " plus --property-time" : ""}); its targets were killed`;
      controller.abort();
    }
  } catch (error) {
    if (error instanceof StopScenario) {
      result.message = `stopped early: ${error.message}`;
      unlock = error.unlock;
    } else if (error instanceof BlockedScenario) {
      result.status = "blocked";
      result.message = error.message;
    } else throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
    try {
      for (const cleanup of cleanups.reverse()) await cleanup();
    } finally {
      closed = true;
    }
  }
  return unlock;
}

/** Requirement ids a scenario list can record, for the meta-tests. */
export function declaredRequirements(
  scenarios: readonly Scenario[],
  generic: readonly RequirementId[],
): Set<RequirementId> {
  return new Set([...generic, ...scenarios.flatMap((scenario) => scenario.requirements)]);
}
