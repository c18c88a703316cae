/**
 * The scripted mock client: sends the script's steps in order (initialize, sessions, prompts,
 * cancels), answers the agent's permission, fs and terminal requests as the script says, and
 * logs everything. fs is served from an in-memory tree confined to the session's cwd;
 * terminals are simulated or run for real.
 */
import { spawn } from "node:child_process";
import { isAbsolute, relative } from "node:path";
import type { ObservationLog } from "../observation-log.js";
import type { Frame, PeerWire } from "../peer-wire.js";
import type { ClientScript, ClientStep } from "../script-types.js";

type Reply = { result: unknown } | { error: { code: number; message: string } };

interface TerminalState {
  output: string;
  exitCode: number | null;
  exited: Promise<void>;
  kill(): void;
}

export class MockClientRuntime {
  readonly #script: ClientScript;
  readonly #wire: PeerWire;
  readonly #log: ObservationLog;
  readonly #waiting = new Map<number, (frame: Frame) => void>();
  readonly #files: Map<string, string>;
  readonly #terminals = new Map<string, TerminalState>();
  #nextId = 1;
  #sessionId: string | undefined;
  #cwd: string = process.cwd();
  #sawUpdate: () => void = () => {};
  /** Resolves when every step has run. */
  readonly done: Promise<void>;
  #finish: () => void = () => {};

  constructor(script: ClientScript, wire: PeerWire) {
    this.#script = script;
    this.#wire = wire;
    this.#log = wire.log;
    this.#files = new Map(Object.entries(script.fs?.files ?? {}));
    this.done = new Promise((resolve) => (this.#finish = resolve));
  }

  start(): void {
    this.#wire.start(
      (message) => void this.#onMessage(message),
      () => void this.#wire.exit(0),
    );
    void this.#runSteps();
  }

  async #runSteps(): Promise<void> {
    for (const step of this.#script.steps) {
      await this.#runStep(step);
      if (this.#wire.hung) return;
    }
    this.#finish();
  }

  #request(method: string, params: unknown): Promise<Frame> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, (frame) => {
        this.#waiting.delete(id);
        const entry = {
          kind: "response" as const,
          method,
          id,
          ...("error" in frame ? { error: frame.error } : { result: frame.result }),
        };
        this.#log.add(entry);
        resolve(frame);
      });
      this.#wire.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  async #runStep(step: ClientStep): Promise<void> {
    if ("initialize" in step) {
      await this.#request("initialize", {
        protocolVersion: step.initialize.protocolVersion ?? 1,
        clientCapabilities: this.#script.clientCapabilities ?? {},
        clientInfo: this.#script.clientInfo ?? { name: "acp-conformance-mock-client", version: "1.0.0" },
      });
    } else if ("authenticate" in step)
      await this.#request("authenticate", { methodId: step.authenticate.methodId });
    else if ("newSession" in step) {
      this.#cwd = step.newSession.cwd ?? process.cwd();
      const answer = await this.#request("session/new", { cwd: this.#cwd, mcpServers: [] });
      this.#sessionId = (answer.result as { sessionId?: string } | undefined)?.sessionId;
    } else if ("loadSession" in step) {
      this.#cwd = step.loadSession.cwd ?? process.cwd();
      this.#sessionId = step.loadSession.sessionId;
      await this.#request("session/load", {
        sessionId: step.loadSession.sessionId,
        cwd: this.#cwd,
        mcpServers: [],
      });
    } else if ("prompt" in step) await this.#prompt(step.prompt);
    else if ("cancel" in step) this.#cancel();
    else if ("request" in step) await this.#request(step.request.method, step.request.params);
    else if ("notify" in step)
      this.#wire.send({ jsonrpc: "2.0", method: step.notify.method, params: step.notify.params });
    else if ("closeStdin" in step) await this.#wire.exit(0);
    else await this.#wire.runCommonAction(step);
  }

  async #prompt(spec: {
    text: string;
    cancelAfterMs?: number;
    cancelAfterFirstUpdate?: boolean;
    await?: boolean;
  }): Promise<void> {
    const firstUpdate = new Promise<void>((resolve) => (this.#sawUpdate = resolve));
    const answered = this.#request("session/prompt", {
      sessionId: this.#sessionId ?? "",
      prompt: [{ type: "text", text: spec.text }],
    });
    if (spec.cancelAfterMs !== undefined) setTimeout(() => this.#cancel(), spec.cancelAfterMs);
    if (spec.cancelAfterFirstUpdate) void firstUpdate.then(() => this.#cancel());
    if (spec.await ?? true) await answered;
  }

  #cancel(): void {
    if (this.#sessionId === undefined) return;
    this.#log.add({ kind: "cancel", sessionId: this.#sessionId });
    this.#wire.send({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId: this.#sessionId } });
  }

  async #onMessage(message: unknown): Promise<void> {
    if (typeof message !== "object" || message === null || Array.isArray(message)) return;
    const frame = message as Frame;
    if (typeof frame.method !== "string") {
      if (typeof frame.id === "number") this.#waiting.get(frame.id)?.(frame);
      return;
    }
    const params = (frame.params ?? {}) as Record<string, unknown>;
    if (!("id" in frame)) {
      if (frame.method === "session/update") this.#sawUpdate();
      return;
    }
    const reply = await this.#answer(frame.method, params);
    if (reply) this.#wire.send({ jsonrpc: "2.0", id: frame.id, ...reply });
  }

  async #answer(method: string, params: Record<string, unknown>): Promise<Reply | undefined> {
    if (method === "session/request_permission") return this.#permission(params);
    if (method.startsWith("fs/")) return this.#fs(method, params);
    if (method.startsWith("terminal/")) return this.#terminal(method, params);
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  }

  #permission(params: Record<string, unknown>): Reply | undefined {
    const answer = this.#script.permission?.answer ?? "reject_once";
    const toolCallId = (params.toolCall as { toolCallId?: string } | undefined)?.toolCallId;
    if (answer === "never") {
      this.#log.add({ kind: "permission", toolCallId, outcome: undefined });
      return undefined;
    }
    const options = (params.options ?? []) as Array<{ optionId?: string; kind?: string }>;
    const option =
      answer === "cancelled" ? undefined : options.find((candidate) => candidate.kind === answer);
    const outcome = option ? { outcome: "selected", optionId: option.optionId } : { outcome: "cancelled" };
    this.#log.add({ kind: "permission", toolCallId, outcome });
    return { result: { outcome } };
  }

  /** The path inside the session cwd, or undefined when it is relative or escapes it. */
  #confined(path: unknown): string | undefined {
    if (typeof path !== "string" || !isAbsolute(path)) return undefined;
    const inside = relative(this.#cwd, path);
    return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? undefined : inside;
  }

  #fs(method: string, params: Record<string, unknown>): Reply {
    const path = String(params.path);
    const advertised = this.#script.clientCapabilities as
      | { fs?: { readTextFile?: boolean; writeTextFile?: boolean } }
      | undefined;
    const allowed =
      method === "fs/read_text_file"
        ? advertised?.fs?.readTextFile
        : method === "fs/write_text_file"
          ? advertised?.fs?.writeTextFile
          : false;
    const inside = this.#confined(params.path);
    let reply: Reply;
    if (!allowed)
      reply = { error: { code: -32601, message: `Method not found: ${method} (not advertised)` } };
    else if (inside === undefined)
      reply = {
        error: {
          code: -32602,
          message: `Invalid params: ${path} is not an absolute path inside the session cwd`,
        },
      };
    else if (method === "fs/write_text_file") {
      this.#files.set(inside, String(params.content ?? ""));
      reply = { result: {} };
    } else {
      const content = this.#files.get(inside);
      reply =
        content === undefined
          ? { error: { code: -32002, message: `Resource not found: ${path}` } }
          : { result: { content } };
    }
    this.#log.add({ kind: "fs", method, path, ok: "result" in reply });
    return reply;
  }

  async #terminal(method: string, params: Record<string, unknown>): Promise<Reply> {
    const advertised = (this.#script.clientCapabilities as { terminal?: boolean } | undefined)?.terminal;
    if (!advertised) {
      this.#log.add({ kind: "terminal", method, detail: "not advertised" });
      return { error: { code: -32601, message: `Method not found: ${method} (not advertised)` } };
    }
    const terminalId = String(params.terminalId ?? "");
    const terminal = this.#terminals.get(terminalId);
    let reply: Reply;
    if (method === "terminal/create") {
      const id = `terminal-${this.#terminals.size + 1}`;
      this.#terminals.set(id, this.#startTerminal(String(params.command), (params.args ?? []) as string[]));
      reply = { result: { terminalId: id } };
    } else if (!terminal)
      reply = { error: { code: -32002, message: `Resource not found: terminal ${terminalId}` } };
    else if (method === "terminal/output")
      reply = {
        result: {
          output: terminal.output,
          truncated: false,
          ...(terminal.exitCode !== null
            ? { exitStatus: { exitCode: terminal.exitCode, signal: null } }
            : {}),
        },
      };
    else if (method === "terminal/wait_for_exit") {
      await terminal.exited;
      reply = { result: { exitCode: terminal.exitCode, signal: null } };
    } else if (method === "terminal/kill") {
      terminal.kill();
      reply = { result: {} };
    } else if (method === "terminal/release") {
      terminal.kill();
      this.#terminals.delete(terminalId);
      reply = { result: {} };
    } else reply = { error: { code: -32601, message: `Method not found: ${method}` } };
    this.#log.add({ kind: "terminal", method, detail: "result" in reply ? reply.result : reply.error });
    return reply;
  }

  #startTerminal(command: string, args: string[]): TerminalState {
    const config = this.#script.terminal ?? {};
    if ((config.mode ?? "simulated") === "simulated") {
      return {
        output: config.output ?? "",
        exitCode: config.exitCode ?? 0,
        exited: Promise.resolve(),
        kill: () => {},
      };
    }
    const child = spawn(command, args, { cwd: this.#cwd, stdio: ["ignore", "pipe", "pipe"] });
    const state: TerminalState = {
      output: "",
      exitCode: null,
      exited: new Promise((resolve) =>
        child.once("close", (code) => {
          state.exitCode = code ?? 1;
          resolve();
        }),
      ),
      kill: () => child.kill("SIGKILL"),
    };
    child.stdout.on("data", (chunk: Buffer) => (state.output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (state.output += chunk.toString("utf8")));
    return state;
  }
}
