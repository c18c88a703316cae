/**
 * The whole verdict of a run, in one place: which requirements the mode reports, each one's
 * verdict from its checks, what the --baseline covers and which of its entries are stale, and
 * the run's verdict: blocked (with why) when a scenario needed something only the user can
 * supply or the kit was interrupted; not-conformant when a requirement failed or a baseline
 * entry is stale; incomplete when nothing failed but a MUST went untested; else conformant.
 * With --repeat, unstable when any requirement's verdict (or the run's) differed between the runs.
 * Nothing else in the kit decides a verdict.
 */
import type { BaselineOutcome } from "../kit/baseline-file.js";
import type { ConformanceReport, RequirementResult } from "../kit/report/report-types.js";
import { REQUIREMENTS, type Requirement, requirementVersions } from "../kit/requirements/index.js";
import type { RunPlan } from "../kit/run-options.js";
import { applyBaseline } from "./apply-baseline.js";
import type { RunOutcome } from "./runner.js";
import { aggregateRequirements, summarize } from "./verdict.js";
import { findVerdictFlips } from "./verdict-flips.js";

export type Interruption = NonNullable<ConformanceReport["interrupted"]>;

export interface JudgeInput {
  plan: RunPlan;
  outcome: RunOutcome;
  /** Set when the kit was interrupted: the run is partial, so it is blocked. */
  interrupted?: Interruption;
  /** The requirements to judge; by default those the plan's mode reports (reportedRequirements). */
  requirements?: readonly Requirement[];
  /** --repeat: the outcomes of the runs after the first (`outcome`), against the same target with the same seed. */
  repeatedOutcomes?: readonly RunOutcome[];
}

export interface JudgedRun {
  verdict: ConformanceReport["verdict"];
  requirements: RequirementResult[];
  summary: ConformanceReport["summary"];
  blockedReason?: string;
  baseline?: BaselineOutcome;
  repeat?: NonNullable<ConformanceReport["repeat"]>;
}

const SIDE_OF_MODE: Record<RunPlan["mode"], Requirement["side"]> = {
  agent: "agent",
  client: "client",
  adapter: "adapter",
  host: "host",
  runtime: "runtime",
};

/**
 * The requirements a run reports: its mode's side, and of ACP's the profile the run tests. Runtime mode reports the runtime's own
 * (transport stdio) and, through its acp transport, the client requirements.
 */
export function reportedRequirements(plan: RunPlan): Requirement[] {
  const sides: Array<Requirement["side"]> =
    plan.mode !== "runtime"
      ? [SIDE_OF_MODE[plan.mode]]
      : [
          ...(plan.options.transports.includes("stdio") ? (["runtime"] as const) : []),
          ...(plan.options.transports.includes("acp") ? (["client"] as const) : []),
        ];
  return REQUIREMENTS.filter(
    (requirement) =>
      sides.includes(requirement.side) &&
      !(plan.mode === "runtime" && requirement.clientModeOnly) &&
      (requirement.protocol !== "acp" ||
        requirementVersions(requirement).includes(plan.options.protocolVersion)),
  );
}

export function judgeRun(input: JudgeInput): JudgedRun {
  const { repeatedOutcomes, ...oneRun } = input;
  const judged = judgeOneRun(oneRun);
  if (!repeatedOutcomes?.length || input.interrupted) return judged;
  const others = repeatedOutcomes.map((outcome) => judgeOneRun({ ...oneRun, outcome }));
  const runs = [judged, ...others];
  const verdicts = runs.map((run) => run.verdict as Exclude<ConformanceReport["verdict"], "unstable">);
  const flips = findVerdictFlips(runs.map((run) => run.requirements));
  judged.repeat = { runs: runs.length, verdicts, flips };
  if (flips.length > 0 || verdicts.some((verdict) => verdict !== verdicts[0])) judged.verdict = "unstable";
  return judged;
}

function judgeOneRun(input: Omit<JudgeInput, "repeatedOutcomes">): JudgedRun {
  const { plan, outcome, interrupted } = input;
  const requirements = aggregateRequirements(
    input.requirements ?? reportedRequirements(plan),
    outcome.checks,
    {
      strict: plan.options.strict,
    },
  );
  const scenariosRun = new Set(
    outcome.scenarios.filter((scenario) => scenario.status !== "not-run").map((scenario) => scenario.id),
  );
  const baseline = plan.options.baseline
    ? applyBaseline(requirements, plan.options.baseline, scenariosRun)
    : undefined;
  const judged: JudgedRun = { verdict: "conformant", requirements, summary: summarize(requirements) };
  if (baseline) judged.baseline = baseline;

  if (interrupted) {
    judged.verdict = "blocked";
    judged.blockedReason = `interrupted by ${interrupted.signal} after ${interrupted.scenariosFinished} of ${interrupted.scenariosTotal} scenarios; this report is partial`;
    return judged;
  }
  if (outcome.blockedReason !== undefined) {
    judged.verdict = "blocked";
    judged.blockedReason = outcome.blockedReason;
    return judged;
  }
  const failing = requirements.some((result) => !result.baselined && result.verdict === "fail");
  // A stale entry fails the run too: the baseline must shrink as fixes land, or it hides regressions.
  if (failing || (baseline?.stale.length ?? 0) > 0) judged.verdict = "not-conformant";
  // Nothing failed, but a MUST went untested: the run says what is known, not more.
  else if (
    requirements.some(
      (result) => !result.baselined && result.level === "must" && result.verdict === "not-tested",
    )
  )
    judged.verdict = "incomplete";
  return judged;
}
