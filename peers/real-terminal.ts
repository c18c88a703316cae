/**
 * One real terminal of a client that serves terminal/* (docs/protocol/v1/terminals.mdx): the
 * command runs in a process group of its own, with a marker in its environment, its stdout and
 * stderr kept as one output capped at outputByteLimit (cut from the start on a UTF-8 character
 * boundary). `end` kills the group and every process carrying the marker (descendants that left
 * the group with setsid too), and every terminal still running is killed if this process exits
 * first. The mock client (peers/client/client-terminals.ts), the reference client and the fixture
 * clients serve their terminals with it.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { findDescendants, RUN_MARKER_VARIABLE } from "../kit/process/tree.js";
import { withTimeout } from "../kit/time.js";

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

export interface TerminalCommand {
  command: string;
  args: readonly string[];
  env: ReadonlyArray<{ name: string; value: string }>;
  cwd: string;
  outputByteLimit: number;
}

/** How long a command's pipes may stay open after it exited (a grandchild holding them) before the exit counts. */
const PIPE_GRACE_MS = 500;

/** Drops bytes from the start so at most `limit` remain, starting on a UTF-8 character boundary. */
export function keepTail(bytes: Buffer, limit: number): Buffer {
  if (bytes.length <= limit) return bytes;
  let start = bytes.length - limit;
  // 0b10xxxxxx is a continuation byte: the character began earlier and is dropped whole.
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start);
}

/** Groups and markers of terminals still running, killed synchronously if this process exits first. */
const running = new Map<number, string>();
let exitHookInstalled = false;
function killAtExit(pid: number, marker: string): void {
  running.set(pid, marker);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // An exit the client did not see coming (an exit action, a signal, a test process ending early).
  process.once("exit", () => {
    for (const [group, groupMarker] of running) killTree(group, groupMarker);
  });
}

function signal(pid: number, target: "group" | "process"): void {
  try {
    process.kill(target === "group" ? -pid : pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Kills a terminal's process group and every process carrying its marker (those that left the group). */
export function killTree(pid: number, marker: string): void {
  const leftovers = findDescendants({ rootPid: pid, marker, includeRoot: true });
  signal(pid, "group");
  for (const info of leftovers) {
    signal(info.pid, "group"); // a descendant that made a group of its own (setsid) leads it
    signal(info.pid, "process");
  }
}

export class RealTerminal {
  output: Buffer = Buffer.alloc(0);
  truncated = false;
  status: ExitStatus | undefined;
  readonly finished: Promise<ExitStatus>;

  private constructor(
    readonly pid: number,
    readonly marker: string,
    finished: (terminal: RealTerminal) => Promise<ExitStatus>,
  ) {
    this.finished = finished(this);
  }

  /** Starts `spec`; an error message when the command could not be started. */
  static async start(
    spec: TerminalCommand,
    truncate: (bytes: Buffer, limit: number) => Buffer = keepTail,
  ): Promise<RealTerminal | { error: string }> {
    // Under a run marker of its own (inherited from the kit when a kit runs this client), extended
    // rather than replaced: the kit's last-resort cleanup finds every process of its run by that prefix.
    const inherited = process.env[RUN_MARKER_VARIABLE];
    const marker = `${inherited ? `${inherited}/` : ""}client-terminal/${randomUUID()}`;
    const child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: {
        ...process.env,
        ...Object.fromEntries(spec.env.map((entry) => [entry.name, entry.value])),
        [RUN_MARKER_VARIABLE]: marker,
      },
      detached: true, // a process group of its own, killed whole
      stdio: ["ignore", "pipe", "pipe"],
    });
    const failed = await new Promise<Error | undefined>((resolve) => {
      child.once("spawn", () => resolve(undefined));
      child.once("error", resolve);
    });
    if (failed) return { error: `could not start ${spec.command}: ${failed.message}` };
    child.on("error", () => {});
    killAtExit(child.pid!, marker);
    const exited = new Promise<ExitStatus>((resolve) =>
      child.once("exit", (exitCode, signal) => resolve({ exitCode, signal })),
    );
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    const terminal = new RealTerminal(child.pid!, marker, async (self) => {
      const status = await exited;
      // The exit counts once its output is all in: the pipes closed, or a short grace after exit.
      await withTimeout(closed, PIPE_GRACE_MS);
      self.status = status;
      return status;
    });
    const append = (chunk: Buffer) => {
      const joined = Buffer.concat([terminal.output, chunk]);
      terminal.output = truncate(joined, spec.outputByteLimit);
      if (terminal.output.length < joined.length) terminal.truncated = true;
    };
    child.stdout!.on("data", append);
    child.stderr!.on("data", append);
    return terminal;
  }

  /** Kills the command and everything it started; resolves once the command has exited. */
  async end(): Promise<void> {
    killTree(this.pid, this.marker);
    await withTimeout(this.finished, 5_000);
    running.delete(this.pid);
  }
}
