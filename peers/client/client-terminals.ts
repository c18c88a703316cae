/**
 * The mock client's terminals (terminal/create, output, wait_for_exit, kill, release), served
 * only when the script advertised `terminal`. Simulated (the default): every command "prints"
 * the script's output and has already exited. Real: each command is a RealTerminal
 * (peers/real-terminal.ts); kill, release and the client's end kill its group and every process
 * carrying its marker, so a test that uses the mock client leaks no process, even when the agent
 * never releases.
 */
import { keepTail, RealTerminal, type ExitStatus } from "../real-terminal.js";
import { readTerminalCreateParams } from "../terminal-create-params.js";
import type { ObservationLog } from "../observation-log.js";
import type { ClientScript } from "../script-types.js";
import type { Reply } from "./client-fs.js";

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;
/** Output kept when the agent names no outputByteLimit. */

interface Terminal {
  output: Buffer;
  truncated: boolean;
  status: ExitStatus | undefined;
  finished: Promise<ExitStatus>;
  /** Kills the command and everything it started; resolves once the command has exited. */
  end(): Promise<void>;
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
    const read = readTerminalCreateParams(params, sessionCwd);
    if ("invalid" in read) return invalid(read.invalid);
    const config = this.#script.terminal ?? {};
    const terminal =
      (config.mode ?? "simulated") === "simulated"
        ? simulated(config.output ?? "", config.exitCode ?? 0, read.outputByteLimit)
        : await RealTerminal.start(read);
    if ("error" in terminal) return { error: { code: INTERNAL_ERROR, message: terminal.error } };
    this.#all.push(terminal);
    const terminalId = `terminal-${this.#all.length}`;
    this.#open.set(terminalId, terminal);
    return { result: { terminalId } };
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
