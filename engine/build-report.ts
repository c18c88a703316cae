/** Turns a run's outcome into the versioned JSON report of ARCHITECTURE §6. */
import { REQUIREMENTS, PINNED_SPEC, type Requirement } from "../kit/requirements/index.js";
import type { RunOutcome } from "./runner.js";
import type { RunPlan } from "../kit/run-options.js";
import { aggregateRequirements, runVerdict, summarize } from "./verdict.js";
import { KIT_VERSION } from "../kit/version.js";
import type { ConformanceReport } from "../kit/report/report-types.js";
import { createRedactor } from "./redact.js";
import { applyBaseline } from "../kit/baseline.js";
import { TargetProcess } from "../kit/process/target.js";
import { readProcFile } from "../kit/process/tree.js";

export interface ReportInput {
  plan: RunPlan;
  outcome: RunOutcome;
  startedAt: Date;
  durationMs: number;
  /** agentInfo / clientInfo as the target reported it. */
  targetInfo?: Record<string, unknown>;
  /** Set when the kit was interrupted: the report is partial and its verdict is blocked. */
  interrupted?: ConformanceReport["interrupted"];
}

const PROTOCOL_FOR_MODE: Record<
  RunPlan["mode"],
  { name: ConformanceReport["protocol"]["name"]; side: Requirement["side"] }
> = {
  agent: { name: "acp", side: "agent" },
  client: { name: "acp", side: "client" },
  adapter: { name: "stdio-adapter", side: "adapter" },
  host: { name: "stdio-adapter", side: "host" },
  runtime: { name: "runtime-v1", side: "runtime" },
};

/** Runtime mode reports the runtime's own requirements (stdio transport) and, through its acp transport, the client requirements. */
function reportedSides(plan: RunPlan, side: Requirement["side"]): Array<Requirement["side"]> {
  if (plan.mode !== "runtime") return [side];
  return [
    ...(plan.options.transports.includes("stdio") ? (["runtime"] as const) : []),
    ...(plan.options.transports.includes("acp") ? (["client"] as const) : []),
  ];
}

/**
 * This process's peak resident memory. On Linux VmHWM belongs to this program alone; getrusage's
 * maxRSS can carry the high-water mark of the parent that spawned the kit (a test runner, a bench).
 */
function peakRssBytes(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readProcFile("/proc/self/status", "utf8") ?? "");
  return match ? Number(match[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}

export function buildReport(input: ReportInput): ConformanceReport {
  const { plan, outcome } = input;
  const redact = createRedactor(plan.options.env);
  const { name, side } = PROTOCOL_FOR_MODE[plan.mode];
  const requirements = REQUIREMENTS.filter((requirement) =>
    reportedSides(plan, side).includes(requirement.side),
  );
  const results = aggregateRequirements(requirements, outcome.checks, { strict: plan.options.strict });
  const baseline = plan.options.baseline
    ? applyBaseline(
        results,
        plan.options.baseline,
        new Set(
          outcome.scenarios
            .filter((scenario) => scenario.status !== "not-run")
            .map((scenario) => scenario.id),
        ),
      )
    : undefined;
  // A stale entry fails the run: the baseline must shrink as fixes land, or it hides regressions.
  const verdict =
    baseline?.stale.length && runVerdict(results, outcome.blockedReason) === "conformant"
      ? "not-conformant"
      : runVerdict(results, outcome.blockedReason);
  const { prompts, env, baseline: _baselineEntries, ...otherOptions } = plan.options;
  const pinned =
    name === "acp"
      ? {
          schema: `${PINNED_SPEC.schemaPackage} schema/v1/schema.json`,
          docsCommit: `${PINNED_SPEC.repository}@${PINNED_SPEC.docsCommit}`,
        }
      : {
          schema: `acp-conformance schemas/${name === "stdio-adapter" ? "stdio-adapter" : "runtime-v1"}.schema.json`,
        };
  const report: ConformanceReport = {
    reportVersion: 1,
    tool: { name: "acp-conformance", version: KIT_VERSION },
    mode: plan.mode,
    protocol: { name, version: 1, ...pinned },
    target: {
      command: redact.text(plan.target.command),
      args: plan.target.args.map(redact.text),
      bundled: plan.target.bundled,
    },
    seed: plan.options.seed,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    verdict,
    summary: summarize(results),
    requirements: redact.value(results),
    properties: redact.value(outcome.properties),
    scenarios: redact.value(outcome.scenarios),
    options: redact.value({ ...otherOptions, prompts, env: Object.keys(env) }),
    environment: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      kitPeakRssBytes: peakRssBytes(),
      targetsSpawned: TargetProcess.spawnedCount,
    },
  };
  if (outcome.blockedReason !== undefined) report.blockedReason = redact.text(outcome.blockedReason);
  if (input.interrupted) {
    report.interrupted = input.interrupted;
    report.verdict = "blocked";
    report.blockedReason = `interrupted by ${input.interrupted.signal} after ${input.interrupted.scenariosFinished} of ${input.interrupted.scenariosTotal} scenarios; this report is partial`;
  }
  if (baseline) report.baseline = redact.value(baseline);
  if (input.targetInfo) report.target.info = redact.value(input.targetInfo);
  return report;
}
