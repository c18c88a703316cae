#!/usr/bin/env node
/**
 * The acp-conformance CLI: one yargs command per mode (bin/run-mode.ts runs it), plus peer,
 * report and list.
 * Exit codes: 0 conformant, 1 not conformant (or incomplete, or blocked), 2 usage error, target that could not
 * be started, interruption or internal error. A user's mistake is one line, never a stack trace.
 */
import yargs, { type Argv, type Options } from "yargs";
import { hideBin } from "yargs/helpers";
import { KitBugError, UsageError } from "../kit/errors.js";
import { SpawnError } from "../kit/process/target.js";
import type { Mode } from "../kit/scenario.js";
import { KIT_VERSION } from "../kit/version.js";
import { runPeerProcess } from "../peers/main.js";
import { ScriptError } from "../peers/script.js";
import { EXIT } from "./exit-codes.js";
import { listCommand } from "./list-command.js";
import {
  AGENT_OPTIONS,
  CLIENT_OPTIONS,
  COMMON_OPTIONS,
  HOST_OPTIONS,
  LIST_OPTIONS,
  RUNTIME_OPTIONS,
} from "./options.js";
import { reportCommand } from "./report-outputs.js";
import { type ModeArguments, runMode } from "./run-mode.js";

function fail(message: string): never {
  process.stderr.write(`acp-conformance: ${message}\n`);
  process.exit(EXIT.usage);
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
      "test an ACP client: acp-conformance client [options] -- <client command with {agent}, and {session} where it takes a session to reopen> (no command: the bundled reference client)",
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

/**
 * A reader that stops early (`acp-conformance list | head`) closes stdout: the rest of the
 * output has nowhere to go, which is no error of the command. A run still goes to its end (its
 * report files, its exit code, its processes reaped); only stdout is given up.
 */
function toleratesClosedStdout(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
  });
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
        toleratesClosedStdout();
        exitCode = await runMode(
          mode,
          lastValueWins(argv, { ...COMMON_OPTIONS, ...options }) as unknown as ModeArguments,
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
        toleratesClosedStdout();
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
      "list requirements and scenarios (--coverage: the spec statements they check)",
      (builder) =>
        builder
          .positional("mode", { type: "string", choices: ["agent", "client", "adapter", "host", "runtime"] })
          .options(LIST_OPTIONS),
      (argv) => {
        toleratesClosedStdout();
        exitCode = listCommand(argv as { mode?: string; json: boolean; coverage: boolean; verbose: boolean });
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
