/**
 * The kit's client terminals (docs/protocol/v1/terminals.mdx): each terminal/create starts a
 * real command in its own process group, with this run's marker in its environment (so an
 * interrupted run still kills it, kit/process/registry.ts), its stdout and stderr kept as one
 * output capped at outputByteLimit, cut from the start on a UTF-8 character boundary. Release
 * kills the group and forgets the id; releaseAll, deferred by the scenario, kills whatever the
 * agent left, descendants that left the group included, so no terminal outlives its scenario.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { isAbsolute } from "node:path";
import { liveTargets } from "../../kit/process/registry.js";
import { targetMarker } from "../../kit/process/target.js";
import { findDescendants, RUN_MARKER_VARIABLE } from "../../kit/process/tree.js";
import { withTimeout } from "../../kit/time.js";
import type { ReplyToTarget } from "../../kit/wire/connection.js";
import { keepTail, type ExitStatus } from "../../peers/real-terminal.js";
import { SessionRoot } from "./serve-fs.js";

const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;
/** Output kept when the agent names no outputByteLimit: enough for any command a scenario runs. */
const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;
/** How long a command's pipes may stay open after it exited (a grandchild holding them) before the exit counts. */
const PIPE_GRACE_MS = 500;

// The output cap is the one every client terminal of the kit's uses (peers/real-terminal.ts).
export { keepTail, type ExitStatus } from "../../peers/real-terminal.js";

class Terminal {
  output: Buffer = Buffer.alloc(0);
  truncated = false;
  status: ExitStatus | undefined;
  readonly finished: Promise<ExitStatus>;
  readonly pid: number;
  readonly marker: string;

  constructor(
    readonly child: ChildProcess,
    readonly limit: number,
    marker: string,
  ) {
    this.pid = child.pid!;
    this.marker = marker;
    const append = (chunk: Buffer) => {
      const joined = Buffer.concat([this.output, chunk]);
      this.output = keepTail(joined, this.limit);
      if (this.output.length < joined.length) this.truncated = true;
    };
    child.stdout!.on("data", append);
    child.stderr!.on("data", append);
    const exited = new Promise<ExitStatus>((resolve) =>
      child.once("exit", (code, signal) => resolve({ exitCode: code, signal })),
    );
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    // The exit counts once its output is all in: the pipes closed, or a short grace after exit.
    this.finished = exited.then(async (status) => {
      await withTimeout(closed, PIPE_GRACE_MS);
      this.status = status;
      return status;
    });
  }

  signalGroup(signal: NodeJS.Signals): boolean {
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Kills the group and every process carrying this terminal's marker, and waits for the command's exit. */
  async end(): Promise<void> {
    const leftovers = findDescendants({ rootPid: this.pid, marker: this.marker, includeRoot: true });
    this.signalGroup("SIGKILL");
    for (const info of leftovers) {
      try {
        process.kill(info.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await withTimeout(this.finished, 5_000);
    liveTargets.delete(this);
  }
}

export class KitTerminals {
  readonly #terminals = new Map<string, Terminal>();
  readonly #all: Terminal[] = [];
  /** Every id terminal/create returned, released or not (an embedded terminal must be one). */
  readonly createdIds: string[] = [];
  #next = 1;

  readonly root: SessionRoot;

  constructor(
    root: string,
    readonly runId: string,
  ) {
    this.root = new SessionRoot(root);
  }

  /** How many terminals the agent has created. */
  get created(): number {
    return this.#all.length;
  }

  /** Ids of terminals created and not released yet. */
  get open(): string[] {
    return [...this.#terminals.keys()];
  }

  async answer(method: string, params: Record<string, unknown>): Promise<ReplyToTarget> {
    if (method === "terminal/create") return this.#create(params);
    const id = params.terminalId;
    const terminal = typeof id === "string" ? this.#terminals.get(id) : undefined;
    if (!terminal)
      return {
        error: { code: RESOURCE_NOT_FOUND, message: `Resource not found: terminal ${JSON.stringify(id)}` },
      };
    switch (method) {
      case "terminal/output":
        return {
          result: {
            output: terminal.output.toString("utf8"),
            truncated: terminal.truncated,
            ...(terminal.status ? { exitStatus: terminal.status } : {}),
          },
        };
      case "terminal/wait_for_exit":
        return { result: await terminal.finished };
      case "terminal/kill":
        terminal.signalGroup("SIGKILL");
        return { result: {} };
      case "terminal/release":
        this.#terminals.delete(id as string);
        await terminal.end();
        return { result: {} };
      default:
        return { error: { code: -32601, message: `Method not found: ${method}` } };
    }
  }

  async #create(params: Record<string, unknown>): Promise<ReplyToTarget> {
    const invalid = (message: string): ReplyToTarget => ({
      error: { code: INVALID_PARAMS, message: `Invalid params: ${message}` },
    });
    // Omitted and null mean the same for the optional fields (schema: x-deserialize-default-on-null).
    const command = params.command;
    const args = params.args ?? [];
    const env = params.env ?? [];
    const cwd = params.cwd ?? this.root.path;
    if (typeof command !== "string" || command === "") return invalid("command must be a non-empty string");
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string"))
      return invalid("args must be an array of strings");
    if (
      !Array.isArray(env) ||
      env.some((entry) => typeof entry?.name !== "string" || typeof entry?.value !== "string")
    )
      return invalid("env must be an array of {name, value} strings");
    if (typeof cwd !== "string" || !isAbsolute(cwd))
      return invalid(`cwd ${JSON.stringify(cwd)} is not absolute`);
    if (!this.root.contains(cwd))
      return invalid(`cwd ${cwd} is outside the session directory the kit serves (${this.root.path})`);
    const limit = params.outputByteLimit ?? DEFAULT_OUTPUT_LIMIT;
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0)
      return invalid("outputByteLimit must be a whole number");
    const marker = targetMarker(this.runId);
    const child = spawn(command, args as string[], {
      cwd,
      env: {
        ...process.env,
        ...Object.fromEntries((env as Array<{ name: string; value: string }>).map((e) => [e.name, e.value])),
        [RUN_MARKER_VARIABLE]: marker,
      },
      detached: true, // its own process group, killed whole at release
      stdio: ["ignore", "pipe", "pipe"],
    });
    const started = await new Promise<Error | undefined>((resolve) => {
      child.once("spawn", () => resolve(undefined));
      child.once("error", (error) => resolve(error));
    });
    if (started)
      return { error: { code: INTERNAL_ERROR, message: `could not start ${command}: ${started.message}` } };
    child.on("error", () => {});
    const terminal = new Terminal(child, limit, marker);
    liveTargets.add(terminal);
    const terminalId = `kit-terminal-${this.#next++}`;
    this.#terminals.set(terminalId, terminal);
    this.#all.push(terminal);
    this.createdIds.push(terminalId);
    return { result: { terminalId } };
  }

  /** Kills every terminal this scenario started, released or not (the scenario's deferred cleanup). */
  async releaseAll(): Promise<void> {
    this.#terminals.clear();
    await Promise.all(this.#all.map((terminal) => terminal.end()));
  }
}
