#!/usr/bin/env node
/**
 * The acp-conformance CLI: parses arguments, then hands a RunPlan to the runner.
 * Exit codes: 0 conformant, 1 not conformant (or blocked), 2 usage error, target that could not
 * be started, interruption or internal error. A user's mistake is one line, never a stack trace.
 */
import { performance } from "node:perf_hooks";
import yargs, { type Argv, type Options } from "yargs";
import { hideBin } from "yargs/helpers";
import { installInterruptCleanup } from "../kit/process/registry.js";
import { createRunOutcome, recordRunFacts, runScenarios, selectScenarios } from "../engine/runner.js";
import { UsageError, KitBugError } from "../kit/errors.js";
import { SpawnError } from "../kit/process/target.js";
import { REQUIREMENTS } from "../kit/requirements/index.js";
import type { Mode } from "../kit/scenario.js";
import { KIT_VERSION } from "../kit/version.js";
import { buildReport } from "../engine/build-report.js";
import { formatSummary, progressPrinter, type TerminalOptions } from "../reports/terminal.js";
import { MODES } from "../scenarios/index.js";
import {
  AGENT_OPTIONS,
  CLIENT_OPTIONS,
  COMMON_OPTIONS,
  HOST_OPTIONS,
  RUNTIME_OPTIONS,
  buildRunPlan,
  type ParsedArguments,
} from "./options.js";
import { runPeerProcess } from "../peers/main.js";
import { ScriptError } from "../peers/script.js";
import { loadBaseline } from "../kit/baseline-file.js";
import { reportCommand, writeReportOutputs } from "./report-outputs.js";

const EXIT = { conformant: 0, notConformant: 1, usage: 2 } as const;

function fail(message: string): never {
  process.stderr.write(`acp-conformance: ${message}\n`);
  process.exit(EXIT.usage);
}

type ModeArguments = ParsedArguments & {
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

async function runMode(mode: Mode, argv: ModeArguments): Promise<number> {
  const definition = MODES[mode];
  if (!definition) throw new UsageError(`${mode} mode is not available in this version`);
  const plan = buildRunPlan(mode, argv);
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
  const outcome = createRunOutcome(runId);
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
        writeReportOutputs(
          report,
          {
            json: argv["report-json"],
            markdown: argv["report-md"],
            html: argv["report-html"],
            junit: argv.junit,
          },
          terminal.write,
        );
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

  const preflight = await definition.preflight(plan, runId);
  targetInfo = preflight.info;
  await runScenarios(scenarios, plan, progressPrinter(terminal), runId, outcome);
  const report = buildReport({
    plan,
    outcome,
    startedAt,
    durationMs: performance.now() - started,
    targetInfo: preflight.info,
  });
  terminal.write(formatSummary(report, terminal));
  writeReportOutputs(
    report,
    {
      json: argv["report-json"],
      markdown: argv["report-md"],
      html: argv["report-html"],
      junit: argv.junit,
      writeBaseline: argv["write-baseline"],
    },
    terminal.write,
  );
  return report.verdict === "conformant" ? EXIT.conformant : EXIT.notConformant;
}

function listCommand(argv: { mode?: string; json: boolean }): number {
  const side = argv.mode;
  const requirements = REQUIREMENTS.filter((requirement) => side === undefined || requirement.side === side);
  const scenarios = Object.entries(MODES)
    .filter(([mode]) => side === undefined || mode === side)
    .flatMap(([mode, definition]) =>
      definition.scenarios.map((scenario) => ({
        id: scenario.id,
        mode,
        title: scenario.title,
        requirements: scenario.requirements,
        needs: scenario.needs ?? [],
      })),
    );
  if (argv.json) process.stdout.write(`${JSON.stringify({ requirements, scenarios }, null, 2)}\n`);
  else {
    for (const requirement of requirements)
      process.stdout.write(
        `${requirement.id.padEnd(56)} ${requirement.level.padEnd(6)} ${requirement.title}\n`,
      );
    process.stdout.write(`\n${requirements.length} requirements, ${scenarios.length} scenarios\n`);
  }
  return 0;
}

function withCommon<T>(builder: Argv<T>) {
  return builder.options(COMMON_OPTIONS);
}

/** One command per mode: what it tests, and the options it adds to the common ones. */
const MODE_COMMANDS: ReadonlyArray<{ mode: Mode; usage: string; options: Record<string, Options> }> = [
  {
    mode: "agent",
    usage:
      "test an ACP agent: acp-conformance agent [options] [-- <command> [args...]] (no command: the bundled reference agent)",
    options: AGENT_OPTIONS,
  },
  {
    mode: "client",
    usage:
      "test an ACP client: acp-conformance client [options] -- <client command with {agent}> (no command: the bundled reference client)",
    options: CLIENT_OPTIONS,
  },
  {
    mode: "adapter",
    usage:
      "test a custom stdio adapter: acp-conformance adapter [options] [-- <command> [args...]] (no command: the bundled reference adapter)",
    options: {},
  },
  {
    mode: "host",
    usage:
      "test a stdio host: acp-conformance host [options] -- <host command with {adapter}> (no command: the bundled reference host)",
    options: HOST_OPTIONS,
  },
  {
    mode: "runtime",
    usage:
      "test a runtime-protocol-v1 executable: acp-conformance runtime [options] [-- <command> [args...]] (no command: the bundled reference runtime)",
    options: RUNTIME_OPTIONS,
  },
];

/**
 * Repeatable options (--only, --area, --env...) collect every value; for the others a repeated
 * option means its last value, so a script can append an override (`--timeout 5000`).
 */
function lastValueWins(
  argv: Record<string, unknown>,
  options: Record<string, { type?: string }>,
): Record<string, unknown> {
  const result = { ...argv };
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== "array" && Array.isArray(result[name]))
      result[name] = (result[name] as unknown[]).at(-1);
  }
  return result;
}

async function main(): Promise<void> {
  let exitCode: number = EXIT.usage;
  let cli = yargs(hideBin(process.argv))
    .scriptName("acp-conformance")
    .version(KIT_VERSION)
    .parserConfiguration({ "populate--": true })
    .strict();
  for (const { mode, usage, options } of MODE_COMMANDS) {
    cli = cli.command(
      mode,
      usage,
      (builder) => withCommon(builder).options(options),
      async (argv) => {
        exitCode = await runMode(
          mode,
          lastValueWins(argv, { ...COMMON_OPTIONS, ...options }) as unknown as Parameters<typeof runMode>[1],
        );
      },
    );
  }
  await cli
    .command(
      "peer <role>",
      "run one scripted peer on stdio: acp-conformance peer <agent|client|adapter|host> --script s.json [--log events.ndjson] [-- <agent or adapter command>]",
      (builder) =>
        builder
          .positional("role", {
            type: "string",
            choices: ["agent", "client", "adapter", "host"],
            demandOption: true,
          })
          .option("script", {
            type: "string",
            demandOption: true,
            describe: "the peer script (schemas/peer-script.schema.json)",
          })
          .option("log", { type: "string", describe: "append every observed event to this NDJSON file" }),
      (argv) => {
        const agentCommand = (argv["--"] as Array<string | number> | undefined)?.map(String);
        runPeerProcess({
          role: argv.role as "agent" | "client" | "adapter" | "host",
          scriptPath: argv.script,
          ...(argv.log ? { logPath: argv.log } : {}),
          ...(agentCommand?.length ? { agentCommand } : {}),
        });
        exitCode = -1; // the peer ends the process itself
      },
    )
    .command(
      "report <files..>",
      "render saved JSON reports: acp-conformance report a.json [b.json ...] [--md f] [--html f] [--junit f] (several reports make a compatibility matrix; Markdown to stdout when no file is named)",
      (builder) =>
        builder
          .positional("files", { type: "string", array: true, demandOption: true })
          .option("md", { type: "string", describe: "write Markdown (a matrix for several reports)" })
          .option("html", {
            type: "string",
            describe: "write self-contained HTML (a matrix for several reports)",
          })
          .option("junit", { type: "string", describe: "write JUnit XML (one testsuite per report)" }),
      (argv) => {
        exitCode = reportCommand(
          {
            files: argv.files as string[],
            ...(argv.md ? { md: argv.md } : {}),
            ...(argv.html ? { html: argv.html } : {}),
            ...(argv.junit ? { junit: argv.junit } : {}),
          },
          (text) => process.stdout.write(text),
        );
      },
    )
    .command(
      "list [mode]",
      "list requirements and scenarios",
      (builder) =>
        builder
          .positional("mode", { type: "string", choices: ["agent", "client", "adapter", "host", "runtime"] })
          .option("json", { type: "boolean", default: false }),
      (argv) => {
        exitCode = listCommand(argv as { mode?: string; json: boolean });
      },
    )
    .demandCommand(1, "name a mode: acp-conformance agent [-- <command>]")
    .help()
    .fail((message, error) => {
      if (error) throw error;
      fail(`${message} (see --help)`);
    })
    .parseAsync();
  if (exitCode >= 0) process.exitCode = exitCode;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof SpawnError || error instanceof ScriptError)
    fail(error.message);
  const bug = error instanceof KitBugError ? "" : " (unexpected)";
  process.stderr.write(
    `acp-conformance: internal error${bug}, a bug in acp-conformance; please report it:\n${(error as Error)?.stack ?? String(error)}\n`,
  );
  process.exit(EXIT.usage);
});
