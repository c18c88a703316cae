/**
 * One mode's run, from parsed arguments to exit code: the RunPlan, the ids and baseline it
 * names checked against the mode, the preflight, the scenarios with live progress, the judged
 * report on the terminal and in the files asked for. On Ctrl-C everything started is killed
 * and the partial run is still reported, as blocked.
 */
import { performance } from "node:perf_hooks";
import { buildReport } from "../engine/build-report.js";
import {
  createRunOutcome,
  recordRunFacts,
  type RunOutcome,
  runScenarios,
  selectScenarios,
} from "../engine/runner.js";
import { loadBaseline } from "../kit/baseline-file.js";
import { UsageError } from "../kit/errors.js";
import { installInterruptCleanup } from "../kit/process/registry.js";
import { REQUIREMENTS } from "../kit/requirements/index.js";
import type { Mode } from "../kit/scenario.js";
import { holdProcessOpen } from "../kit/time.js";
import { formatSummary, progressPrinter, type TerminalOptions } from "../reports/terminal.js";
import { modeDefinition } from "../scenarios/index.js";
import { EXIT } from "./exit-codes.js";
import type { ParsedArguments } from "./options.js";
import { buildRunPlan } from "./run-plan.js";
import { type ReportPaths, writeReportOutputs } from "./report-outputs.js";

export type ModeArguments = ParsedArguments & {
  "report-json"?: string;
  "report-md"?: string;
  "report-html"?: string;
  junit?: string;
  baseline?: string;
  "write-baseline"?: string;
  quiet: boolean;
  verbose: boolean;
  color: boolean;
};

export async function runMode(mode: Mode, argv: ModeArguments): Promise<number> {
  const plan = buildRunPlan(mode, argv);
  const definition = modeDefinition(mode, plan.options.protocolVersion);
  const known = new Set([
    ...definition.scenarios.map((scenario) => scenario.id),
    ...REQUIREMENTS.map((requirement) => requirement.id),
  ]);
  for (const id of [...plan.options.only, ...plan.options.skip]) {
    if (!known.has(id))
      throw new UsageError(
        `${id} is not a known ${mode}-mode scenario or requirement id; see: acp-conformance list ${mode}`,
      );
  }
  if (argv.baseline !== undefined) plan.options.baseline = loadBaseline(argv.baseline, known);
  const scenarios = selectScenarios(definition.scenarios, plan);
  if (plan.options.replay !== undefined && scenarios.length === 0)
    throw new UsageError(
      `--replay replays a property's counterexample, and ${plan.options.only[0]} is not a ${mode}-mode property; see: acp-conformance list ${mode}`,
    );
  if (scenarios.length === 0)
    throw new UsageError("no scenario matches --area/--only/--skip; see: acp-conformance list");

  const runId = crypto.randomUUID();
  const isTTY = process.stdout.isTTY === true;
  const terminal: TerminalOptions = {
    color: argv.color && isTTY && !process.env.NO_COLOR,
    live: isTTY && !argv.quiet,
    quiet: argv.quiet,
    verbose: argv.verbose,
    write: (text) => process.stdout.write(text),
  };
  const startedAt = new Date();
  const started = performance.now();
  let outcome = createRunOutcome(runId);
  let targetInfo: Record<string, unknown> | undefined;
  installInterruptCleanup({
    markerPrefix: runId,
    onInterrupted(signal, killed) {
      // Everything the run started is already dead; what finished is still worth a report.
      const finished = outcome.scenarios.length;
      recordRunFacts(outcome);
      const report = buildReport({
        plan,
        outcome,
        startedAt,
        durationMs: performance.now() - started,
        ...(targetInfo ? { targetInfo } : {}),
        interrupted: { signal, scenariosFinished: finished, scenariosTotal: scenarios.length },
      });
      try {
        writeReportOutputs(report, reportPaths(argv), terminal.write);
      } catch (error) {
        process.stderr.write(`acp-conformance: ${(error as Error).message}\n`);
      }
      const written =
        argv["report-json"] || argv["report-md"] || argv["report-html"] || argv.junit
          ? "; the partial report is marked interrupted"
          : "";
      process.stderr.write(
        `\nacp-conformance: interrupted by ${signal} after ${finished} of ${scenarios.length} scenarios; stopped ${killed} process(es) the kit started; no verdict${written}\n`,
      );
      process.exit(EXIT.usage);
    },
  });

  // --repeat: the same plan (and so the same seed) runs again, each run under its own id; the
  // report is the first run's, judged with the others for verdicts that changed.
  const { repeat } = plan.options;
  const outcomes: RunOutcome[] = [];
  const release = holdProcessOpen();
  try {
    for (let round = 1; round <= repeat; round++) {
      const roundId = repeat === 1 ? runId : `${runId}-run${round}`;
      outcome = createRunOutcome(roundId);
      if (repeat > 1 && !terminal.quiet) terminal.write(`run ${round} of ${repeat}\n`);
      const preflight = await definition.preflight(plan, roundId);
      targetInfo ??= preflight.info;
      await runScenarios(scenarios, plan, {
        listener: progressPrinter(terminal),
        runId: roundId,
        outcome,
        preflight,
      });
      outcomes.push(outcome);
    }
  } finally {
    release();
  }
  const [first, ...repeated] = outcomes;
  const report = buildReport({
    plan,
    outcome: first!,
    startedAt,
    durationMs: performance.now() - started,
    ...(targetInfo ? { targetInfo } : {}),
    ...(repeated.length > 0 ? { repeatedOutcomes: repeated } : {}),
  });
  terminal.write(formatSummary(report, terminal));
  // A baseline written from an unstable run would list failures that come and go.
  const writeBaseline = report.verdict === "unstable" ? undefined : argv["write-baseline"];
  if (argv["write-baseline"] && writeBaseline === undefined)
    process.stderr.write(
      `acp-conformance: did not write the baseline ${argv["write-baseline"]}: the verdicts changed between runs, so no set of expected failures is stable\n`,
    );
  writeReportOutputs(report, { ...reportPaths(argv), writeBaseline }, terminal.write);
  return report.verdict === "conformant" ? EXIT.conformant : EXIT.notConformant;
}

/** The report files the user asked for (a baseline is written only after a whole run). */
function reportPaths(argv: ModeArguments): ReportPaths {
  return {
    json: argv["report-json"],
    markdown: argv["report-md"],
    html: argv["report-html"],
    junit: argv.junit,
  };
}
