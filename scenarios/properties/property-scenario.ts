/**
 * Turns a property (an arbitrary of cases and a way to run one case against fresh targets)
 * into a Scenario. fast-check generates the cases from --seed, at most --runs of them within
 * --property-time, shrinks a failure to a minimal case, and the scenario reports it twice: as
 * a check on the property's requirement (so it gates the verdict like any other check) and as
 * a PropertyResult with the seed, the counterexample and the command that replays it.
 */
import fc from "fast-check";
import { performance } from "node:perf_hooks";
import type { RequirementId } from "../../kit/requirements/index.js";
import {
  BlockedScenario,
  StopScenario,
  StoppedByPreflight,
  stopIfPreflightBlocked,
  type Mode,
  type Scenario,
  type ScenarioContext,
  type ScenarioNeed,
} from "../../kit/scenario.js";
import type { PropertyResult, TranscriptLine } from "../../kit/report/report-types.js";
import { replayCommand } from "./replay-command.js";
import { KitBugError } from "../../kit/errors.js";

/**
 * How long a property may shrink a counterexample it found. Each shrink step is a real run of
 * the target, so an unbounded shrink made a broken target cost several times a good one; a few
 * seconds get most of the way to a small case.
 */
const SHRINK_TIME_MS = 5_000;

/** What went wrong in one case: a sentence for the report, and evidence for a person. */
export interface CaseFailure {
  message: string;
  /** One of the property's other requirements when the failure is about that one (default: the first). */
  requirement?: RequirementId;
  details?: Record<string, unknown>;
}

export interface PropertyDefinition<Setup, Value> {
  id: string;
  title: string;
  mode: Mode;
  /** The requirements a failing case can break; the first is the property's own, reported on a pass too. */
  requirements: readonly [RequirementId, ...RequirementId[]];
  needs?: readonly ScenarioNeed[];
  /**
   * Runs once before the cases (a scratch directory, the frames whose bytes the cases cut, a
   * baseline run of the unperturbed exchange). Returning a string means the property cannot
   * be tested against this target, and why.
   */
  setup(context: ScenarioContext): Promise<Setup | string>;
  /** The cases, given the setup (arbitraries over the exact bytes of the frames, for instance). */
  arbitrary(setup: Setup): fc.Arbitrary<Value>;
  /** Runs one case against fresh targets; undefined when the property holds for it. */
  runCase(context: ScenarioContext, setup: Setup, value: Value): Promise<CaseFailure | undefined>;
  /** What the cases could not judge, when that depends on the target; added to the property's verdict. */
  caveat?(setup: Setup): string | undefined;
  /** The counterexample as the report shows it: plain JSON a person can read. */
  describe(setup: Setup, value: Value): Record<string, unknown>;
}

export function definePropertyScenario<Setup, Value>(definition: PropertyDefinition<Setup, Value>): Scenario {
  return {
    id: definition.id,
    title: definition.title,
    mode: definition.mode,
    requirements: definition.requirements,
    property: true,
    ...(definition.needs ? { needs: definition.needs } : {}),
    run: (context) => runProperty(definition, context),
  };
}

/**
 * Every case builds on the basics the preflight checked (an answer to initialize, a session, a
 * task): one it showed broken would only be waited out again in case after case for the whole
 * --property-time, so the property ends at once, not tested, with the preflight's reason. A
 * turn the preflight saw go unanswered stops only the properties that need a turn (a prompt).
 */
function stopIfBasicsBroken(definition: { needs?: readonly ScenarioNeed[] }, context: ScenarioContext): void {
  const scope = context.preflight.blocker?.scope;
  if (scope === undefined || (scope === "turns" && definition.needs === undefined)) return;
  stopIfPreflightBlocked(context.preflight, scope);
}

async function runProperty<Setup, Value>(
  definition: PropertyDefinition<Setup, Value>,
  context: ScenarioContext,
): Promise<void> {
  const { seed, runs, propertyTimeMs, replay } = context.options;
  const started = performance.now();
  const [ownRequirement] = definition.requirements;
  const base = { id: definition.id, requirement: ownRequirement, seed, runsRequested: runs };
  const notTested = (message: string) => {
    for (const requirement of definition.requirements)
      context.check({ requirement, verdict: "not-tested", message: `not exercised: ${message}` });
    context.recordProperty({
      ...base,
      runs: 0,
      verdict: "not-tested",
      message,
      durationMs: Math.round(performance.now() - started),
    });
  };
  if (runs === 0 && replay === undefined) return notTested("properties were not run (--runs 0)");
  stopIfBasicsBroken(definition, context);

  const setup = await definition.setup(context);
  if (typeof setup === "string") return notTested(setup);

  // The last failure seen for each case, so the shrunk counterexample comes with its own explanation.
  const failures = new Map<string, CaseFailure>();
  let blocked: BlockedScenario | StoppedByPreflight | undefined;
  let firstFailureAt: number | undefined;
  let shrinkingCut = false;
  const property = fc.asyncProperty(definition.arbitrary(setup), async (value) => {
    // Timed out (the runner reports it), blocked (credentials) or stopped by what the
    // preflight showed: stop spawning targets.
    if (context.signal.aborted || blocked) return true;
    // Past its budget, shrinking is ended by passing every further candidate unrun: the
    // counterexample reported is the smallest failing case run so far, still a real failure.
    if (firstFailureAt !== undefined && performance.now() - firstFailureAt > SHRINK_TIME_MS) {
      shrinkingCut = true;
      return true;
    }
    try {
      const failure = await runIsolatedCase(definition, context, setup, value);
      if (failure) firstFailureAt ??= performance.now();
      if (failure) failures.set(JSON.stringify(value), failure);
      return failure === undefined;
    } catch (error) {
      if (!(error instanceof BlockedScenario) && !(error instanceof StoppedByPreflight)) throw error;
      blocked = error;
      return true;
    }
  });
  const details = await fc.check(property, {
    seed,
    numRuns: Math.max(runs, 1),
    interruptAfterTimeLimit: propertyTimeMs,
    markInterruptAsFailure: false,
    ...(replay !== undefined ? { path: replay, endOnFailure: true } : {}),
  });
  if (blocked) throw blocked;
  // Past --scenario-timeout the remaining cases were skipped, not run: the runner reports the timeout.
  if (context.signal.aborted) return;
  // A bug in the kit surfaces as itself, never as a counterexample against the target.
  if (details.errorInstance instanceof KitBugError) throw details.errorInstance;
  const durationMs = Math.round(performance.now() - started);
  const budget = details.interrupted
    ? `; the ${propertyTimeMs} ms budget (--property-time) ran out after ${details.numRuns} of ${runs} cases`
    : "";

  if (details.failed && details.counterexample) {
    const value = details.counterexample[0] as Value;
    const failure = failures.get(JSON.stringify(value)) ?? {
      message:
        details.errorInstance instanceof Error
          ? `the case threw: ${details.errorInstance.message}`
          : "the case failed",
    };
    const counterexample = definition.describe(setup, value);
    const path = details.counterexamplePath ?? "";
    const replayLine = replayCommand(context, definition.id, seed, path);
    const found =
      replay !== undefined
        ? "replayed counterexample"
        : `after ${details.numRuns} case(s) and ${details.numShrinks} shrink(s)${shrinkingCut ? `, shrinking stopped after ${SHRINK_TIME_MS / 1000} s` : ""}`;
    const message = `${failure.message} (${found}, seed ${seed}${budget})`;
    const requirement = failure.requirement ?? ownRequirement;
    // A transcript excerpt goes where every report looks for one (the transcript viewer, the Markdown details).
    const { transcript, ...otherDetails } = failure.details ?? {};
    context.check({
      requirement,
      verdict: "fail",
      message,
      evidence: {
        ...(Array.isArray(transcript) ? { transcript: transcript as TranscriptLine[] } : {}),
        details: { property: definition.id, seed, path, replay: replayLine, counterexample, ...otherDetails },
      },
    });
    context.recordProperty({
      ...base,
      requirement,
      runs: details.numRuns,
      verdict: "fail",
      message,
      durationMs,
      interrupted: details.interrupted,
      shrinks: details.numShrinks,
      counterexample,
      path,
      replay: replayLine,
    });
    return;
  }
  if (details.numRuns === 0)
    return notTested(`no case ran within the ${propertyTimeMs} ms budget (--property-time)`);
  const caveat = definition.caveat?.(setup);
  const message = `held for ${details.numRuns} generated case(s) from seed ${seed}${budget}${caveat !== undefined ? `; ${caveat}` : ""}`;
  for (const requirement of definition.requirements)
    context.check({ requirement, verdict: "pass", message: `property ${definition.id} ${message}` });
  context.recordProperty({
    ...base,
    runs: details.numRuns,
    verdict: "pass",
    message,
    durationMs,
    interrupted: details.interrupted,
  });
}

/**
 * One case in a context of its own: its targets are torn down when it ends (not when the whole
 * property ends), and the per-frame checks its drivers record are dropped, because a property
 * judges only its own claim; the fixed scenarios report the rest.
 */
async function runIsolatedCase<Setup, Value>(
  definition: PropertyDefinition<Setup, Value>,
  context: ScenarioContext,
  setup: Setup,
  value: Value,
): Promise<CaseFailure | undefined> {
  try {
    return await withCaseContext(context, (caseContext) => definition.runCase(caseContext, setup, value));
  } catch (error) {
    // A driver stops a case it cannot go on with (no answer to initialize, for instance): that is the case's failure.
    if (error instanceof StopScenario && !(error instanceof StoppedByPreflight))
      return { message: error.message };
    throw error;
  }
}

/**
 * Runs `body` with a context of its own: the targets it starts are torn down when it returns
 * (not when the whole property ends), and the per-frame checks its drivers record are dropped,
 * because a property judges only its own claim; the fixed scenarios report the rest.
 */
export async function withCaseContext<T>(
  context: ScenarioContext,
  body: (caseContext: ScenarioContext) => Promise<T>,
): Promise<T> {
  const cleanups: Array<() => Promise<void>> = [];
  const caseContext: ScenarioContext = {
    scenarioId: context.scenarioId,
    mode: context.mode,
    options: context.options,
    target: context.target,
    signal: context.signal,
    runId: context.runId,
    preflight: context.preflight,
    check: () => {},
    defer: (cleanup) => void cleanups.push(cleanup),
    recordProperty: () => {},
  };
  try {
    return await body(caseContext);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

export type { PropertyResult };
