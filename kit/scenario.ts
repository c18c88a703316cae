/**
 * What a scenario is, and what the runner gives it. Scenarios never print and never exit:
 * they record checks through the context and end by returning or throwing one of the two
 * signals below.
 */
import type { RequirementId } from "./requirements/index.js";
import type { CheckVerdict, Evidence, PropertyResult, ScenarioResult } from "./report/report-types.js";
import type { Mode, RunOptions, RunPlan, RuntimeTransport, TargetCommand } from "./run-options.js";

export type { Mode, RuntimeTransport };

export interface CheckInput {
  requirement: RequirementId;
  verdict: CheckVerdict;
  message: string;
  evidence?: Evidence;
  /** With a not-tested verdict: what the user can give (an option, a test hook) so that it is tested. */
  unlock?: string;
}

export interface RecordedCheck extends CheckInput {
  scenario: string;
  durationMs: number;
}

/** What a scenario needs from the user before it can run against a third-party target. */
export type ScenarioNeed =
  | "prompt"
  | "cancel-prompt"
  | "permission-prompt"
  | "read-prompt"
  | "write-prompt"
  | "terminal-prompt"
  | "elicit-prompt";

export interface ScenarioContext {
  readonly scenarioId: string;
  /** The mode being run: client-mode scenarios also run in runtime mode, through the runtime's acp transport. */
  readonly mode: Mode;
  readonly options: RunOptions;
  readonly target: TargetCommand;
  /** Aborted when the scenario runs past --scenario-timeout or the run is interrupted. */
  readonly signal: AbortSignal;
  /** A unique marker prefix for processes this scenario spawns. */
  readonly runId: string;
  check(input: CheckInput): void;
  /** Registers cleanup that must run however the scenario ends (teardown of its targets). */
  defer(cleanup: () => Promise<void>): void;
  /** A property-based scenario reports its seed, runs and counterexample here (scenarios/properties/). */
  recordProperty(result: PropertyResult): void;
  /** What the mode's preflight learned about the target (empty when it has none). */
  readonly preflight: PreflightResult;
}

export interface Scenario {
  id: string;
  title: string;
  mode: Mode;
  /** The requirements this scenario exists to exercise (generic per-frame checks are declared per mode). */
  requirements: readonly RequirementId[];
  /** Runtime mode: the transport the scenario's requests use (selected with --transport). */
  transport?: RuntimeTransport;
  /** Without these user-supplied prompts, a third-party target cannot be steered into this scenario. */
  needs?: readonly ScenarioNeed[];
  /** A property-based scenario: fast-check cases from --seed, --runs of them (scenarios/properties/). */
  property?: true;
  /**
   * It waits out a deadline the target should beat (a host's own timeout on a hung adapter), or
   * does whenever the target wedges in it (a client hung on an error it cannot place): the
   * runner starts it before the rest, so they run beside its wait instead of before it.
   */
  waitsOutDeadline?: true;
  run(context: ScenarioContext): Promise<void>;
}

/**
 * Ends a scenario early; checks recorded so far stand, and the requirements it exists for that
 * got no check are reported not tested with its message (and `unlock`, what would let them be).
 */
export class StopScenario extends Error {
  override name = "StopScenario";
  readonly unlock: string | undefined;

  constructor(message: string, options: { unlock?: string } = {}) {
    super(message);
    this.unlock = options.unlock;
  }
}

/**
 * Ends a scenario because the preflight showed a basic it needs broken: never a property
 * case's own failure, always the whole scenario's reason for not testing.
 */
export class StoppedByPreflight extends StopScenario {
  override name = "StoppedByPreflight";
}

/** The requirements these checks failed: what a preflight reports as its knownDefects. */
export function failedRequirements(checks: readonly CheckInput[]): RequirementId[] {
  return [...new Set(checks.filter((check) => check.verdict === "fail").map((check) => check.requirement))];
}

/** Throws StoppedByPreflight when the preflight's blocker has this scope. */
export function stopIfPreflightBlocked(preflight: PreflightResult, scope: PreflightBlockerScope): void {
  const blocker = preflight.blocker;
  if (blocker?.scope === scope)
    throw new StoppedByPreflight(
      blocker.reason,
      blocker.unlock !== undefined ? { unlock: blocker.unlock } : {},
    );
}

/** The target cannot be tested further without something the user must supply (credentials). */
export class BlockedScenario extends Error {
  override name = "BlockedScenario";
}

/**
 * What a blocker stops: agent mode's initialize, sessions or prompt turns; a stdio mode's every
 * task; client mode's every run of the client.
 */
export type PreflightBlockerScope = "initialize" | "sessions" | "turns" | "tasks" | "client-runs";

/** What a mode's preflight learned before any scenario ran; every scenario's context carries it. */
export interface PreflightResult {
  /** agentInfo / clientInfo as the target reported it, for the report. */
  info?: Record<string, unknown>;
  /**
   * A basic the target was shown to break (no usable answer to initialize, sessions that are
   * never created): the scenarios that need it end at once, not tested, with this reason,
   * instead of each waiting out its deadline for what will not come.
   */
  blocker?: { reason: string; unlock?: string; scope: PreflightBlockerScope };
  /**
   * Requirements the preflight already saw broken, with its own check failing them: a
   * scenario may skip a wait that would only show the same defect again (a host that keeps
   * stdin open, an adapter whose helpers outlive it), and says so in its message.
   */
  knownDefects?: readonly RequirementId[];
  /** The slowest answer the target gave in the preflight after its start (agent mode: session/new, authenticate). */
  latencyMs?: number;
  /** Adapter mode: the widest gap between two of the adapter's stdout lines in the preflight. */
  lineGapMs?: number;
  /**
   * Client mode: in the preflight's ordinary turn the client was still running at
   * --client-timeout, though its agent had ended and nothing it started was left. Later runs
   * stop it soon after its agents end instead of waiting out --client-timeout again, and count
   * as timed out, as waiting would have.
   */
  staysAfterTurn?: true;
  /** What the preflight itself saw, recorded as checks of the pseudo-scenario "preflight". */
  checks?: CheckInput[];
}

/** A mode's check of its target before the scenarios (a usage problem throws a UsageError). */
export type Preflight = (plan: RunPlan, runId: string) => Promise<PreflightResult>;

/** Who watches a run as it goes (the terminal's live progress). */
export interface ProgressListener {
  scenarioStarted?(scenario: Scenario, index: number, total: number): void;
  scenarioFinished?(scenario: Scenario, result: ScenarioResult, checks: readonly RecordedCheck[]): void;
}
