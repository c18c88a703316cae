/**
 * The versioned JSON report (schemas/report.schema.json) of a run: the plan, the outcome the
 * runner recorded and the verdict judgeRun gave it, with every user secret redacted. What
 * reports/ renders is this object; nothing after it decides anything.
 */
import { KIT_VERSION } from "../kit/version.js";
import type { ConformanceReport } from "../kit/report/report-types.js";
import { PINNED_SPEC } from "../kit/requirements/index.js";
import type { RunPlan } from "../kit/run-options.js";
import { type Interruption, judgeRun } from "./judge-run.js";
import { createRedactor } from "./redact.js";
import type { RunOutcome } from "./runner.js";

export interface ReportInput {
  plan: RunPlan;
  outcome: RunOutcome;
  startedAt: Date;
  durationMs: number;
  /** agentInfo / clientInfo as the target reported it. */
  targetInfo?: Record<string, unknown>;
  /** Set when the kit was interrupted: the report is partial and its verdict is blocked. */
  interrupted?: Interruption;
  /** --repeat: the outcomes of the runs after the first; the report is the first run's, with their flips. */
  repeatedOutcomes?: readonly RunOutcome[];
}

const PROTOCOL_OF_MODE: Record<RunPlan["mode"], ConformanceReport["protocol"]["name"]> = {
  agent: "acp",
  client: "acp",
  adapter: "stdio-adapter",
  host: "stdio-adapter",
  runtime: "runtime-v1",
};

export function buildReport(input: ReportInput): ConformanceReport {
  const { plan, outcome } = input;
  const redact = createRedactor(plan.options.env);
  const name = PROTOCOL_OF_MODE[plan.mode];
  const judged = judgeRun({
    plan,
    outcome,
    ...(input.interrupted ? { interrupted: input.interrupted } : {}),
    ...(input.repeatedOutcomes ? { repeatedOutcomes: input.repeatedOutcomes } : {}),
  });
  const { prompts, env, baseline: _baselineEntries, ...otherOptions } = plan.options;
  const pinned =
    name === "acp"
      ? {
          schema: `${PINNED_SPEC.schemaPackage} schema/v${plan.options.protocolVersion}/schema.json`,
          docsCommit: `${PINNED_SPEC.repository}@${PINNED_SPEC.docsCommit}`,
        }
      : {
          schema: `acp-conformance schemas/${name === "stdio-adapter" ? "stdio-adapter" : "runtime-v1"}.schema.json`,
        };
  const report: ConformanceReport = {
    reportVersion: 1,
    tool: { name: "acp-conformance", version: KIT_VERSION },
    mode: plan.mode,
    protocol: { name, version: name === "acp" ? plan.options.protocolVersion : 1, ...pinned },
    target: {
      command: redact.text(plan.target.command),
      args: plan.target.args.map(redact.text),
      bundled: plan.target.bundled,
    },
    seed: plan.options.seed,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    verdict: judged.verdict,
    summary: judged.summary,
    requirements: redact.value(judged.requirements),
    properties: redact.value(outcome.properties),
    scenarios: redact.value(outcome.scenarios),
    options: redact.value({ ...otherOptions, prompts, env: Object.keys(env) }),
    environment: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      kitPeakRssBytes: outcome.facts.kitPeakRssBytes,
      targetsSpawned: outcome.facts.targetsSpawned,
    },
  };
  if (judged.blockedReason !== undefined) report.blockedReason = redact.text(judged.blockedReason);
  if (input.interrupted) report.interrupted = input.interrupted;
  if (judged.baseline) report.baseline = redact.value(judged.baseline);
  if (judged.repeat) report.repeat = redact.value(judged.repeat);
  if (input.targetInfo) report.target.info = redact.value(input.targetInfo);
  return report;
}
