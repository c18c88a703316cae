/**
 * A target process: the binary under test, spawned in its own process group with the run
 * marker in its environment, its stdout framed through the bounded framer and its stderr
 * kept as a bounded tail.
 */
import { randomUUID } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { NdjsonFramer, type FramedItem } from "../wire/framer.js";
import { RUN_MARKER_VARIABLE } from "./tree.js";
import { countTargetSpawned, liveTargets } from "./registry.js";
import { noteBytesRead } from "./read-buffer-reclaim.js";

export interface TargetOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  /** Extra environment on top of the kit's own. */
  env?: Readonly<Record<string, string>>;
  /** The marker value; unique per target. Descendants inherit it. */
  marker: string;
  /** Longest stdout line kept in memory. */
  maxLineBytes: number;
  /** How much of the end of stderr to keep. */
  stderrTailBytes?: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds since spawn. */
  afterMs: number;
}

export type WriteOutcome = "written" | "closed" | "timeout";

export class TargetProcess {
  readonly pid: number;
  readonly marker: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly exited: Promise<ExitInfo>;
  /** Resolves once stdout has ended and every line in it was delivered (it can lag behind `exited`). */
  readonly stdoutDone: Promise<void>;
  /** Resolves once stderr has ended and every byte of it was counted. */
  readonly stderrDone: Promise<void>;
  /** Set once the process has exited. */
  exitInfo: ExitInfo | undefined;
  /** Date.now() when the process exited. */
  exitedAt: number | undefined;
  stdoutBytes = 0;
  stderrBytes = 0;
  /** The kit has sent the target a signal: a frame cut short after that is the kit's doing, not the target's. */
  signalledByKit = false;

  readonly #child: ChildProcess;
  readonly #framer: NdjsonFramer;
  readonly #stderrTailBytes: number;
  #stderrTail: Buffer[] = [];
  #stderrTailLength = 0;
  #stdoutListeners: Array<(item: FramedItem) => void> = [];
  #stderrListeners: Array<(chunk: Buffer) => void> = [];
  #stdoutEnded = false;
  readonly #spawnedAt = Date.now();

  private constructor(child: ChildProcess, options: TargetOptions) {
    if (child.pid === undefined) throw new Error("spawned process has no pid");
    this.#child = child;
    this.pid = child.pid;
    this.marker = options.marker;
    this.command = options.command;
    this.args = options.args;
    this.#framer = new NdjsonFramer({ maxLineBytes: options.maxLineBytes });
    this.#stderrTailBytes = options.stderrTailBytes ?? 64 * 1024;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitedAt = Date.now();
        this.exitInfo = { code, signal, afterMs: this.exitedAt - this.#spawnedAt };
        liveTargets.delete(this);
        resolve(this.exitInfo);
      });
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      this.stdoutBytes += chunk.length;
      for (const item of this.#framer.push(chunk)) this.#emit(item);
      noteBytesRead(chunk.length);
    });
    this.stdoutDone = new Promise((resolve) => {
      child.stdout!.once("close", () => {
        if (!this.#stdoutEnded) {
          this.#stdoutEnded = true;
          for (const item of this.#framer.end()) this.#emit(item);
        }
        resolve();
      });
    });
    this.stderrDone = new Promise((resolve) => child.stderr!.once("close", () => resolve()));
    child.stderr!.on("data", (chunk: Buffer) => {
      this.stderrBytes += chunk.length;
      this.#keepStderr(chunk);
      for (const listener of this.#stderrListeners) listener(chunk);
      noteBytesRead(chunk.length);
    });
    // A target that closes stdin early makes our writes fail with EPIPE; that is an outcome
    // we report through write(), not a crash of the kit.
    child.stdin!.on("error", () => {});
    liveTargets.add(this);
  }

  /**
   * Spawns the target. Resolves once the process exists; rejects with a SpawnError when it
   * could not be started at all (missing or non-executable command).
   */
  static async spawn(options: TargetOptions): Promise<TargetProcess> {
    countTargetSpawned();
    // node:child_process rather than execa: the kit needs none of execa's conveniences here, and
    // loading execa's hundred modules cost every kit and peer process a tenth of a CPU-second.
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, [RUN_MARKER_VARIABLE]: options.marker },
      detached: true, // its own process group (and session), so we can signal the whole group
      stdio: ["pipe", "pipe", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error: NodeJS.ErrnoException) => reject(new SpawnError(options.command, error)));
    });
    // Errors after the start (a failed kill of a process that just exited) are not the run's end.
    child.on("error", () => {});
    return new TargetProcess(child, options);
  }

  get alive(): boolean {
    return this.exitInfo === undefined;
  }

  get stdoutEnded(): boolean {
    return this.#stdoutEnded;
  }

  get stdinWritable(): boolean {
    const stdin = this.#child.stdin;
    return !!stdin && !stdin.destroyed && !stdin.writableEnded;
  }

  onStdoutItem(listener: (item: FramedItem) => void): void {
    this.#stdoutListeners.push(listener);
  }

  onStderr(listener: (chunk: Buffer) => void): void {
    this.#stderrListeners.push(listener);
  }

  /** Writes bytes to stdin, waiting for the pipe to drain, at most `timeoutMs`. */
  async write(bytes: Uint8Array | string, timeoutMs: number): Promise<WriteOutcome> {
    const stdin = this.#child.stdin;
    if (!stdin || !this.stdinWritable || !this.alive) return "closed";
    return new Promise<WriteOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: WriteOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stdin.off("close", onClose);
        resolve(outcome);
      };
      const onClose = () => finish("closed");
      const timer = setTimeout(() => finish("timeout"), timeoutMs);
      stdin.once("close", onClose);
      stdin.write(bytes, (error) => finish(error ? "closed" : "written"));
    });
  }

  /** Ends stdin (EOF for the target), the first rung of the teardown ladder. */
  closeStdin(): void {
    const stdin = this.#child.stdin;
    if (stdin && !stdin.destroyed && !stdin.writableEnded) stdin.end();
  }

  /** Sends a signal to the target alone (as Ctrl-C in a shell that ran it would not: see signalGroup); false if it is gone. */
  signal(signal: NodeJS.Signals): boolean {
    this.signalledByKit = true;
    try {
      process.kill(this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Sends a signal to the target's whole process group; false if the group is gone. */
  signalGroup(signal: NodeJS.Signals): boolean {
    this.signalledByKit = true;
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** The last bytes of stderr, decoded leniently. */
  stderrTail(): string {
    return Buffer.concat(this.#stderrTail).subarray(-this.#stderrTailBytes).toString("utf8");
  }

  #emit(item: FramedItem): void {
    for (const listener of this.#stdoutListeners) listener(item);
  }

  #keepStderr(chunk: Buffer): void {
    this.#stderrTail.push(chunk);
    this.#stderrTailLength += chunk.length;
    // Compact only when twice over the cap, so a flood costs amortised O(1) per byte.
    if (this.#stderrTailLength > this.#stderrTailBytes * 2) {
      const kept = Buffer.from(Buffer.concat(this.#stderrTail).subarray(-this.#stderrTailBytes));
      this.#stderrTail = [kept];
      this.#stderrTailLength = kept.length;
    }
  }
}

/** The target could not be started at all: a usage problem, reported with exit code 2. */
export class SpawnError extends Error {
  readonly code: string | undefined;
  constructor(command: string, cause: NodeJS.ErrnoException) {
    const reason =
      cause.code === "ENOENT"
        ? "no such file or command"
        : cause.code === "EACCES"
          ? "permission denied (is it executable?)"
          : cause.message;
    super(`could not start ${command}: ${reason}`);
    this.name = "SpawnError";
    this.code = cause.code;
  }
}

/** A marker value unique to one target of one run: `<run id>/<target id>`. */
export function targetMarker(runId: string): string {
  return `${runId}/${randomUUID().slice(0, 8)}`;
}
