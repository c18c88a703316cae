#!/usr/bin/env node
/**
 * A scripted peer as a process:
 *   peer-main.js agent  --script s.json [--log events.ndjson]
 *   peer-main.js client --script s.json [--log events.ndjson] [-- <agent command...>]
 *   peer-main.js adapter --script s.json [--log events.ndjson]
 *   peer-main.js host --script s.json [--log events.ndjson] -- <adapter command...>
 * The agent speaks ACP on stdin/stdout. The client speaks it on stdin/stdout too, or, given
 * an agent command, spawns that agent and speaks to it. The adapter reads an envelope on
 * stdin and writes events on stdout. The host runs one task on the adapter command it is
 * given, prints each message the adapter showed on stdout, and exits 0 when the task
 * completed, 1 (with the reason on stderr) when it failed. Kept light on purpose: it loads the
 * peer and its script validator, nothing of the CLI or the reports.
 */
import { spawn } from "node:child_process";
import { fstatSync, realpathSync } from "node:fs";
import { Socket } from "node:net";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { ObservationLog } from "./observation-log.js";
import { readScriptFile, ScriptError } from "./script.js";
import { startPeer } from "./start-peer.js";
import { startHostTask } from "./host/mock-host.js";
import type { PeerIo } from "./peer-wire.js";

const SIGNAL_NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/**
 * Node writes to stdout and stderr pipes synchronously on Linux, so a peer whose reader stopped reading
 * would block in write() and could not see stdin close or a signal arrive: exactly what a
 * cleanup check must observe. A socket on fd 1 writes asynchronously instead.
 */
function nonBlocking(fd: 1 | 2): Writable {
  try {
    if (fstatSync(fd).isFIFO()) return new Socket({ fd, readable: false, writable: true });
  } catch {
    // not a pipe we can wrap
  }
  return fd === 1 ? process.stdout : process.stderr;
}

/**
 * How long a signalled peer waits for the end of its input before it says whether stdin was
 * closed first: a client that closes stdin and signals right after (as it may when it gives up)
 * must not be blamed for the order in which the two reach the agent.
 */
const STDIN_END_WAIT_MS = 250;

/** Whether `input` has ended, or ends within `waitMs`. */
function inputEndSeen(input: NodeJS.ReadableStream, waitMs: number): Promise<boolean> {
  if ((input as { readableEnded?: boolean }).readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    input.once("end", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface PeerProcessOptions {
  role: "agent" | "client" | "adapter" | "host";
  scriptPath: string;
  logPath?: string;
  /** What a client or host spawns: the agent or adapter command after `--`. */
  agentCommand?: string[];
}

export function parsePeerArguments(argv: string[]): PeerProcessOptions {
  const separator = argv.indexOf("--");
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const agentCommand = separator === -1 ? undefined : argv.slice(separator + 1);
  const [role, ...rest] = own;
  if (role !== "agent" && role !== "client" && role !== "adapter" && role !== "host")
    throw new ScriptError(
      "usage: peer <agent|client|adapter|host> --script <file.json> [--log <events.ndjson>] [-- <agent or adapter command>]",
    );
  const value = (flag: string) => {
    const index = rest.indexOf(flag);
    return index === -1 ? undefined : rest[index + 1];
  };
  const scriptPath = value("--script");
  if (!scriptPath) throw new ScriptError(`peer ${role} needs --script <file.json>`);
  const logPath = value("--log");
  if (role === "host" && !agentCommand?.length)
    throw new ScriptError(
      "peer host needs the adapter to run after --: peer host --script <file.json> -- <adapter command>",
    );
  return {
    role,
    scriptPath,
    ...(logPath ? { logPath } : {}),
    ...(agentCommand?.length ? { agentCommand } : {}),
  };
}

/** Runs a scripted peer in this process's stdio until it ends; never returns. */
export function runPeerProcess(options: PeerProcessOptions): void {
  const script = readScriptFile(options.scriptPath);
  if (script.role !== options.role)
    throw new ScriptError(`${options.scriptPath} is a ${script.role} script, not a ${options.role} script`);
  const log = new ObservationLog(options.logPath);
  if (script.role === "host") {
    runHostProcess(script, options.agentCommand ?? [], log);
    return;
  }
  const stdout = nonBlocking(1);
  const stderr = nonBlocking(2);
  // A reader that went away (EPIPE) is the other side's business, not a reason to crash before logging how we ended.
  stdout.on("error", () => {});
  stderr.on("error", () => {});
  // Flush what is written, but never wait on a reader that stopped reading.
  const exit = (code: number) => {
    setTimeout(() => process.exit(code), 500).unref();
    stdout.write("", () => process.exit(code));
  };
  const stayAlive = () => void setInterval(() => {}, 60_000);
  let io: PeerIo = { input: process.stdin, output: stdout, stderr, end: exit, stayAlive };
  if (options.role === "client" && options.agentCommand) {
    const [command, ...args] = options.agentCommand;
    const agent = spawn(command!, args, { stdio: ["pipe", "pipe", "inherit"], detached: true });
    const endAgent = (code: number) => {
      agent.stdin.end();
      const timer = setTimeout(() => {
        try {
          process.kill(-agent.pid!, "SIGKILL");
        } catch {
          // already gone
        }
      }, 5_000);
      agent.once("exit", () => {
        clearTimeout(timer);
        exit(code);
      });
    };
    io = { input: agent.stdout, output: agent.stdin, stderr: process.stderr, end: endAgent, stayAlive };
  }
  for (const signal of Object.keys(SIGNAL_NUMBERS) as NodeJS.Signals[]) {
    process.once(signal, () => {
      void inputEndSeen(io.input, STDIN_END_WAIT_MS).then((stdinClosed) => {
        log.add({ kind: "ended", how: "signal", signal, stdinClosed });
        process.exit(128 + SIGNAL_NUMBERS[signal]!);
      });
    });
  }
  const peer = startPeer(script, io, log);
  // A client whose steps are done closes the connection, as a client does.
  void peer.done.then(() => peer.wire.exit(0));
}

/** A host process: signal handlers first, so an early Ctrl-C cannot orphan the adapter. */
function runHostProcess(
  script: Extract<ReturnType<typeof readScriptFile>, { role: "host" }>,
  adapterCommand: string[],
  log: ObservationLog,
): void {
  const [command, ...args] = adapterCommand;
  let cancel: () => void = () => process.exit(1);
  for (const signal of Object.keys(SIGNAL_NUMBERS) as NodeJS.Signals[]) process.on(signal, () => cancel());
  const task = startHostTask(script, command!, args, log, (text) => process.stdout.write(`${text}\n`));
  cancel = task.cancel;
  void task.outcome.then((outcome) => {
    if (outcome.status === "failed") process.stderr.write(`mock host: the task failed: ${outcome.error}\n`);
    process.stdout.write("", () => process.exit(outcome.status === "completed" ? 0 : 1));
  });
}

const invokedDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  try {
    runPeerProcess(parsePeerArguments(process.argv.slice(2)));
  } catch (error) {
    process.stderr.write(`acp-conformance peer: ${(error as Error).message}\n`);
    process.exit(2);
  }
}
