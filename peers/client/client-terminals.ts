/**
 * The mock client's terminals (terminal/create, output, wait_for_exit, kill, release), served
 * only when the script advertised `terminal`. Simulated (the default): every command "prints"
 * the script's output and has already exited. Real: each command runs in a process group of its
 * own, with a marker in its environment; kill, release and the client's end kill the group and
 * every process carrying the marker (descendants that left the group with setsid too), so a
 * test that uses the mock client leaks no process, even when the agent never releases.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { isAbsolute } from "node:path";
import { findDescendants, RUN_MARKER_VARIABLE } from "../../kit/process/tree.js";
import { withTimeout } from "../../kit/time.js";
import type { ObservationLog } from "../observation-log.js";
import type { ClientScript } from "../script-types.js";
import type { Reply } from "./client-fs.js";

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;
/** Output kept when the agent names no outputByteLimit. */
const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;

interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

interface Terminal {
  output: Buffer;
  truncated: boolean;
  status: ExitStatus | undefined;
  finished: Promise<ExitStatus>;
  /** Kills the command and everything it started; resolves once the command has exited. */
  end(): Promise<void>;
}

/** Groups and markers of real terminals still running, killed synchronously if this process exits first. */
const running = new Map<number, string>();
let exitHookInstalled = false;
function killAtExit(pid: number, marker: string): void {
  running.set(pid, marker);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // An exit the client did not see coming (an exit action, a signal, a test process ending without close()).
  process.once("exit", () => {
    for (const [group, groupMarker] of running) killTree(group, groupMarker);
  });
}

function kill(pid: number, signal: "group" | "process"): void {
  try {
    process.kill(signal === "group" ? -pid : pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Kills a terminal's process group and every process carrying its marker (those that left the group). */
function killTree(pid: number, marker: string): void {
  const leftovers = findDescendants({ rootPid: pid, marker, includeRoot: true });
  kill(pid, "group");
  for (const info of leftovers) {
    kill(info.pid, "group"); // a descendant that made a group of its own (setsid) leads it
    kill(info.pid, "process");
  }
}

/** Drops bytes from the start so at most `limit` remain, starting on a UTF-8 character boundary. */
function keepTail(bytes: Buffer, limit: number): Buffer {
  if (bytes.length <= limit) return bytes;
  let start = bytes.length - limit;
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start);
}

export class ClientTerminals {
  readonly #script: ClientScript;
  readonly #log: ObservationLog;
  readonly #open = new Map<string, Terminal>();
  readonly #all: Terminal[] = [];

  constructor(script: ClientScript, log: ObservationLog) {
    this.#script = script;
    this.#log = log;
  }

  async answer(method: string, params: Record<string, unknown>, cwd: string): Promise<Reply> {
    const reply = await this.#serve(method, params, cwd);
    this.#log.add({ kind: "terminal", method, detail: "result" in reply ? reply.result : reply.error });
    return reply;
  }

  /** Kills every terminal the agent created, released or not (the mock client's end). */
  async endAll(): Promise<void> {
    this.#open.clear();
    await Promise.all(this.#all.map((terminal) => terminal.end()));
  }

  async #serve(method: string, params: Record<string, unknown>, cwd: string): Promise<Reply> {
    if ((this.#script.clientCapabilities as { terminal?: unknown } | undefined)?.terminal !== true)
      return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method} (not advertised)` } };
    if (method === "terminal/create") return this.#create(params, cwd);
    const terminalId = String(params.terminalId ?? "");
    const terminal = this.#open.get(terminalId);
    if (!terminal)
      return { error: { code: RESOURCE_NOT_FOUND, message: `Resource not found: terminal ${terminalId}` } };
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
        await terminal.end();
        return { result: {} };
      case "terminal/release":
        this.#open.delete(terminalId);
        await terminal.end();
        return { result: {} };
      default:
        return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
    }
  }

  async #create(params: Record<string, unknown>, sessionCwd: string): Promise<Reply> {
    const invalid = (message: string): Reply => ({
      error: { code: INVALID_PARAMS, message: `Invalid params: ${message}` },
    });
    // Omitted and null mean the same for the optional fields.
    const command = params.command;
    const args = params.args ?? [];
    const env = params.env ?? [];
    const cwd = params.cwd ?? sessionCwd;
    const limit = params.outputByteLimit ?? DEFAULT_OUTPUT_LIMIT;
    if (typeof command !== "string" || command === "") return invalid("command must be a non-empty string");
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string"))
      return invalid("args must be an array of strings");
    if (!Array.isArray(env) || env.some((e) => typeof e?.name !== "string" || typeof e?.value !== "string"))
      return invalid("env must be an array of {name, value} strings");
    if (typeof cwd !== "string" || !isAbsolute(cwd))
      return invalid(`cwd ${JSON.stringify(cwd)} is not absolute`);
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0)
      return invalid("outputByteLimit must be a whole number");
    const config = this.#script.terminal ?? {};
    const terminal =
      (config.mode ?? "simulated") === "simulated"
        ? simulated(config.output ?? "", config.exitCode ?? 0, limit)
        : await this.#spawn(
            command,
            args as string[],
            env as Array<{ name: string; value: string }>,
            cwd,
            limit,
          );
    if ("error" in terminal) return { error: { code: INTERNAL_ERROR, message: terminal.error } };
    this.#all.push(terminal);
    const terminalId = `terminal-${this.#all.length}`;
    this.#open.set(terminalId, terminal);
    return { result: { terminalId } };
  }

  async #spawn(
    command: string,
    args: string[],
    env: Array<{ name: string; value: string }>,
    cwd: string,
    limit: number,
  ): Promise<Terminal | { error: string }> {
    const marker = `mock-client-terminal/${randomUUID()}`;
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        ...Object.fromEntries(env.map((e) => [e.name, e.value])),
        [RUN_MARKER_VARIABLE]: marker,
      },
      detached: true, // a process group of its own, killed whole
      stdio: ["ignore", "pipe", "pipe"],
    });
    const failed = await new Promise<Error | undefined>((resolve) => {
      child.once("spawn", () => resolve(undefined));
      child.once("error", resolve);
    });
    if (failed) return { error: `could not start ${command}: ${failed.message}` };
    child.on("error", () => {});
    const pid = child.pid!;
    killAtExit(pid, marker);
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    const terminal: Terminal = {
      output: Buffer.alloc(0),
      truncated: false,
      status: undefined,
      finished: new Promise<ExitStatus>((resolve) =>
        child.once("exit", (exitCode, signal) => {
          // The exit counts once its output is in: the pipes closed, or a short grace (a grandchild may hold them).
          void withTimeout(closed, 500).then(() => {
            terminal.status = { exitCode, signal };
            resolve(terminal.status);
          });
        }),
      ),
      end: async () => {
        killTree(pid, marker);
        await withTimeout(terminal.finished, 5_000);
        running.delete(pid);
      },
    };
    const append = (chunk: Buffer) => {
      const joined = Buffer.concat([terminal.output, chunk]);
      terminal.output = keepTail(joined, limit);
      if (terminal.output.length < joined.length) terminal.truncated = true;
    };
    child.stdout!.on("data", append);
    child.stderr!.on("data", append);
    return terminal;
  }
}

function simulated(output: string, exitCode: number, limit: number): Terminal {
  const bytes = Buffer.from(output, "utf8");
  const kept = keepTail(bytes, limit);
  const status = { exitCode, signal: null };
  return {
    output: kept,
    truncated: kept.length < bytes.length,
    status,
    finished: Promise.resolve(status),
    end: async () => {},
  };
}
