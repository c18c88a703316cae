#!/usr/bin/env node
/**
 * The bundled reference stdio host: what `acp-conformance host` tests when no command is
 * given, and a small host anyone can run:
 *
 *   host-main.js [--timeout-ms <ms>] [--cwd <dir>] <adapter command> [args...]
 *
 * It runs one task on the adapter (the mock host with its defaults: 2 MiB limits, the
 * adapter's group stopped however the task ends), prints each message the adapter showed on
 * stdout, and exits 0 when the task completed, 1 with the reason on stderr when it failed.
 * SIGTERM and SIGINT cancel the task. Signal handlers go in before the adapter is spawned.
 */
import { startHostTask } from "../host/mock-host.js";
import { ObservationLog } from "../observation-log.js";

function usage(problem: string): never {
  process.stderr.write(
    `reference host: ${problem}\nusage: host-main.js [--timeout-ms <ms>] [--cwd <dir>] <adapter command> [args...]\n`,
  );
  process.exit(2);
}

const argv = process.argv.slice(2);
let timeoutMs = 30_000;
let cwd: string | undefined;
while (argv[0]?.startsWith("--")) {
  const [flag, value] = [argv.shift()!, argv.shift()];
  if (flag === "--timeout-ms" && value !== undefined && /^\d+$/.test(value) && Number(value) > 0)
    timeoutMs = Number(value);
  else if (flag === "--cwd" && value !== undefined) cwd = value;
  else usage(`unknown or incomplete option ${flag}`);
}
const [command, ...args] = argv;
if (!command) usage("name the adapter to run");

let cancel: () => void = () => process.exit(1);
process.on("SIGTERM", () => cancel());
process.on("SIGINT", () => cancel());
const task = startHostTask(
  { role: "host", timeoutMs, ...(cwd !== undefined ? { cwd } : {}) },
  command,
  args,
  new ObservationLog(),
  (text) => process.stdout.write(`${text}\n`),
);
cancel = task.cancel;
const outcome = await task.outcome;
if (outcome.status === "failed") process.stderr.write(`reference host: the task failed: ${outcome.error}\n`);
process.stdout.write("", () => process.exit(outcome.status === "completed" ? 0 : 1));
