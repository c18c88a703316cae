/* Generated from schemas/report.schema.json by scripts/generate-types.mjs; do not edit by hand. */

/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "RequirementVerdict".
 */
export type RequirementVerdict = "pass" | "fail" | "warn" | "not-applicable" | "not-tested";
/**
 * not-tested: the check ran but could not be exercised (for example a turn that finished before the cancel landed). not-applicable: the target does not advertise what the check is about.
 *
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "CheckVerdict".
 */
export type CheckVerdict = "pass" | "fail" | "not-tested" | "not-applicable";

/**
 * The JSON report of one acp-conformance run (reportVersion 1).
 */
export interface ConformanceReport {
  reportVersion: 1;
  tool: {
    name: "acp-conformance";
    version: string;
  };
  mode: "agent" | "client" | "adapter" | "host" | "runtime";
  protocol: {
    name: "acp" | "stdio-adapter" | "runtime-v1";
    /**
     * The protocol version the run tested: for ACP, the profile (--protocol-version; 2 is the draft).
     */
    version: number;
    /**
     * Which schema the kit validated against.
     */
    schema: string;
    /**
     * Commit of the spec docs the citations point into.
     */
    docsCommit?: string;
  };
  target: {
    command: string;
    args: string[];
    /**
     * True when the kit tested its own bundled reference peer.
     */
    bundled?: boolean;
    /**
     * agentInfo / clientInfo as the target reported it.
     */
    info?: {
      [k: string]: unknown;
    };
  };
  seed: number;
  startedAt: string;
  durationMs: number;
  /**
   * conformant: no MUST failed or went untested (after the baseline); not-conformant: a requirement failed (or the baseline has a stale entry); incomplete: nothing failed, but MUST requirements were not tested (each says what would unlock it); blocked: the run could not go on (credentials, an interruption); unstable: with --repeat, a requirement's verdict differed between runs of the same target (repeat.flips), so no verdict can be given.
   */
  verdict: "conformant" | "not-conformant" | "incomplete" | "blocked" | "unstable";
  blockedReason?: string;
  /**
   * The kit was interrupted (Ctrl-C, SIGTERM): this report is partial, its verdict is blocked.
   */
  interrupted?: {
    signal: string;
    scenariosFinished: number;
    scenariosTotal: number;
  };
  /**
   * The --baseline file: the failures it covers, and its stale entries (which fail the run).
   */
  baseline?: {
    file: string;
    /**
     * Failing requirements the baseline lists (by requirement or scenario id).
     */
    expected: string[];
    /**
     * Listed ids that were tested and did not fail: delete these lines.
     */
    stale: {
      id: string;
      line: number;
    }[];
  };
  /**
   * --repeat N: the suite ran N times against the same target, with the same seed. This report's requirements, scenarios and properties are the first run's; flips lists every requirement whose verdict differed between runs, and any flip makes the verdict unstable.
   */
  repeat?: {
    runs: number;
    /**
     * Each run's own verdict, in order.
     */
    verdicts: ("conformant" | "not-conformant" | "incomplete" | "blocked")[];
    flips: VerdictFlip[];
  };
  summary: {
    pass: number;
    fail: number;
    warn: number;
    notApplicable: number;
    notTested: number;
  };
  requirements: RequirementResult[];
  properties: PropertyResult[];
  scenarios: ScenarioResult[];
  /**
   * The effective run options (timeouts, prompts, filters).
   */
  options?: {
    [k: string]: unknown;
  };
  environment: {
    node: string;
    platform: string;
    arch?: string;
    /**
     * Peak resident memory of the kit process during the run.
     */
    kitPeakRssBytes?: number;
    /**
     * Processes the kit spawned as targets during the run (npm run bench divides the run's time by as many bare spawns).
     */
    targetsSpawned?: number;
  };
}
/**
 * A requirement whose verdict differed between the runs of --repeat: each run's verdict and the message that decided it.
 *
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "VerdictFlip".
 */
export interface VerdictFlip {
  id: string;
  title: string;
  level: "must" | "should" | "info";
  /**
   * @minItems 2
   */
  runs: [
    {
      verdict: RequirementVerdict;
      /**
       * The first check message with that verdict (or why it was not tested).
       */
      message: string;
      /**
       * The scenario that recorded that check.
       */
      scenario?: string;
    },
    {
      verdict: RequirementVerdict;
      /**
       * The first check message with that verdict (or why it was not tested).
       */
      message: string;
      /**
       * The scenario that recorded that check.
       */
      scenario?: string;
    },
    ...{
      verdict: RequirementVerdict;
      /**
       * The first check message with that verdict (or why it was not tested).
       */
      message: string;
      /**
       * The scenario that recorded that check.
       */
      scenario?: string;
    }[]
  ];
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "RequirementResult".
 */
export interface RequirementResult {
  id: string;
  title: string;
  area:
    | "framing"
    | "jsonrpc"
    | "schema"
    | "initialization"
    | "session-matching"
    | "prompt"
    | "cancellation"
    | "permission"
    | "capabilities"
    | "fs"
    | "terminal"
    | "extensibility"
    | "events"
    | "limits"
    | "timeouts"
    | "cleanup";
  level: "must" | "should" | "info";
  side: "agent" | "client" | "adapter" | "host" | "runtime";
  cite: string;
  rationale?: string;
  /**
   * For a requirement that was not tested: what the user can give (an option, a test hook) so that it is.
   */
  unlock?: string;
  /**
   * The spec is silent and the kit takes a position (graded should; --strict makes it count).
   */
  position?: boolean;
  verdict: RequirementVerdict;
  /**
   * The failure is listed in the baseline file.
   */
  baselined?: boolean;
  checks: CheckResult[];
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "CheckResult".
 */
export interface CheckResult {
  scenario: string;
  verdict: CheckVerdict;
  message: string;
  evidence?: Evidence;
  durationMs: number;
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "Evidence".
 */
export interface Evidence {
  transcript?: TranscriptLine[];
  stderrTail?: string;
  timings?: {
    [k: string]: number;
  };
  processes?: ProcessEvidence[];
  expected?: unknown;
  actual?: unknown;
  details?: unknown;
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "TranscriptLine".
 */
export interface TranscriptLine {
  /**
   * Milliseconds since the scenario's target started.
   */
  t: number;
  dir: "sent" | "received" | "stderr" | "note";
  text: string;
  flags?: string[];
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "ProcessEvidence".
 */
export interface ProcessEvidence {
  pid: number;
  ppid?: number;
  pgid?: number;
  command: string;
  reasons?: string[];
}
/**
 * One property-based scenario: fast-check generated `runs` cases from `seed`; a failure carries the shrunk counterexample and the command that replays it.
 *
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "PropertyResult".
 */
export interface PropertyResult {
  /**
   * The property's scenario id (select it with --only).
   */
  id: string;
  /**
   * The requirement a failing case is reported under.
   */
  requirement: string;
  /**
   * Cases run, shrinking not included.
   */
  runs: number;
  /**
   * --runs
   */
  runsRequested: number;
  seed: number;
  verdict: "pass" | "fail" | "not-tested";
  message: string;
  durationMs: number;
  /**
   * The time budget (--property-time) ran out before every requested case had run.
   */
  interrupted?: boolean;
  /**
   * Smaller failing cases fast-check found after the first failure.
   */
  shrinks?: number;
  /**
   * The shrunk failing case, as the property describes it.
   */
  counterexample?: {
    [k: string]: unknown;
  };
  /**
   * fast-check's path to the counterexample (the value of --replay).
   */
  path?: string;
  /**
   * The command that replays the counterexample deterministically.
   */
  replay?: string;
}
/**
 * This interface was referenced by `ConformanceReport`'s JSON-Schema
 * via the `definition` "ScenarioResult".
 */
export interface ScenarioResult {
  id: string;
  title: string;
  status: "completed" | "blocked" | "timed-out" | "not-run";
  message?: string;
  durationMs: number;
}
