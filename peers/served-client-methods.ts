/**
 * A client's real service of the agent's fs/* and terminal/* calls (docs/protocol/v1/file-system.mdx,
 * terminals.mdx), for the bundled reference client and the fixture clients: files are the real
 * files inside the session's cwd (an absolute path outside it is refused), terminals are real
 * commands (peers/real-terminal.ts), and `endAll` kills every terminal, released or not, when
 * the client is done. Each step a client can get wrong is one overridable method, so a fixture
 * client breaks exactly one of them.
 */
import { mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { keepTail, RealTerminal, type ExitStatus } from "./real-terminal.js";
import { readTerminalCreateParams } from "./terminal-create-params.js";

export type ServedReply = { result: unknown } | { error: { code: number; message: string } };

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;
/** Output kept when the agent names no outputByteLimit. */

/** What a client that serves these methods advertises in initialize. */
export const SERVED_CAPABILITIES: ClientCapabilities = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
};

const invalid = (message: string): ServedReply => ({
  error: { code: INVALID_PARAMS, message: `Invalid params: ${message}` },
});

/** `path` relative to `root` when it is absolute and inside it (symlinked forms of root included), else undefined. */
export function insideRoot(root: string, path: unknown): string | undefined {
  if (typeof path !== "string" || !isAbsolute(path)) return undefined;
  const forms = [resolve(root)];
  try {
    forms.push(realpathSync(root));
  } catch {
    // a root that does not exist has no other form
  }
  for (const form of forms) {
    const inside = relative(form, resolve(path));
    if (inside !== "" && !inside.startsWith("..") && !isAbsolute(inside)) return inside;
  }
  return undefined;
}

/** Lines `line` (1-based) onward, at most `limit` of them, each keeping its line ending. */
export function sliceLines(content: string, line: unknown, limit: unknown): string {
  if (typeof line !== "number" && typeof limit !== "number") return content;
  const lines = content.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const start = Math.max(1, typeof line === "number" ? line : 1) - 1;
  return lines.slice(start, typeof limit === "number" ? start + limit : lines.length).join("");
}

export class ServedClientMethods {
  readonly #open = new Map<string, RealTerminal>();
  readonly #all: RealTerminal[] = [];

  /** Whether `method` is one this class serves. */
  serves(method: string): boolean {
    return method.startsWith("fs/") || method.startsWith("terminal/");
  }

  /** The answer to one call; a step that throws is answered with -32603, never left unanswered. */
  async answer(method: string, params: Record<string, unknown>, sessionCwd: string): Promise<ServedReply> {
    try {
      return await this.#serve(method, params, sessionCwd);
    } catch (error) {
      return { error: { code: INTERNAL_ERROR, message: `Internal error: ${(error as Error).message}` } };
    }
  }

  async #serve(method: string, params: Record<string, unknown>, sessionCwd: string): Promise<ServedReply> {
    if (method === "fs/read_text_file" || method === "fs/write_text_file") {
      const inside = insideRoot(sessionCwd, params.path);
      if (inside === undefined)
        return invalid(`${String(params.path)} is not an absolute path inside the session cwd ${sessionCwd}`);
      const path = join(sessionCwd, inside);
      if (method === "fs/read_text_file") return this.#read(path, params.line, params.limit);
      if (typeof params.content !== "string") return invalid("content must be a string");
      return this.#write(path, params.content);
    }
    if (method === "terminal/create") return this.#create(params, sessionCwd);
    const terminalId = String(params.terminalId ?? "");
    const terminal = this.#open.get(terminalId);
    if (!terminal) return this.unknownTerminal(method, terminalId, this.#all);
    switch (method) {
      case "terminal/output":
        return {
          result: {
            output: terminal.output.toString("utf8"),
            truncated: terminal.truncated,
            ...(terminal.status ? { exitStatus: this.exitStatus(terminal.status) } : {}),
          },
        };
      case "terminal/wait_for_exit":
        return { result: this.exitStatus(await terminal.finished) };
      case "terminal/kill":
        await this.kill(terminal);
        return { result: {} };
      case "terminal/release":
        this.#open.delete(terminalId);
        await this.release(terminal);
        return { result: {} };
      default:
        return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
    }
  }

  /** Kills every terminal the agent created, released or not (the client's end). */
  async endAll(): Promise<void> {
    this.#open.clear();
    await Promise.all(this.#all.map((terminal) => terminal.end()));
  }

  #read(path: string, line: unknown, limit: unknown): ServedReply {
    let content: string;
    try {
      if (!statSync(path).isFile()) return this.missingFile(path);
      content = readFileSync(path, "utf8");
    } catch {
      return this.missingFile(path);
    }
    return { result: { content: this.readLines(content, line, limit) } };
  }

  #write(path: string, content: string): ServedReply {
    try {
      // The client creates a file that does not exist yet (file-system.mdx#writing-files).
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, this.fileText(content), "utf8");
    } catch (error) {
      return { error: { code: INTERNAL_ERROR, message: `Internal error: ${(error as Error).message}` } };
    }
    return { result: {} };
  }

  async #create(params: Record<string, unknown>, sessionCwd: string): Promise<ServedReply> {
    const read = readTerminalCreateParams(params, sessionCwd);
    if ("invalid" in read) return invalid(read.invalid);
    const terminal = await RealTerminal.start(
      { ...read, cwd: this.terminalCwd(read.cwd, sessionCwd) },
      (bytes, max) => this.truncate(bytes, max),
    );
    if ("error" in terminal) return { error: { code: INTERNAL_ERROR, message: terminal.error } };
    this.#all.push(terminal);
    const terminalId = `terminal-${this.#all.length}`;
    this.#open.set(terminalId, terminal);
    await this.created(terminal);
    return { result: { terminalId } };
  }

  // Each step below is what a fixture client overrides to break exactly one thing.

  /** The content a read returns: from `line` (1-based), at most `limit` lines. */
  protected readLines(content: string, line: unknown, limit: unknown): string {
    return sliceLines(content, line, limit);
  }

  /** The answer to reading a file that does not exist. */
  protected missingFile(path: string): ServedReply {
    return { error: { code: RESOURCE_NOT_FOUND, message: `Resource not found: ${path}` } };
  }

  /** The text written for the content the agent sent. */
  protected fileText(content: string): string {
    return content;
  }

  /** The directory a command runs in. */
  protected terminalCwd(requested: string, _sessionCwd: string): string {
    return requested;
  }

  /** The output kept past outputByteLimit. */
  protected truncate(bytes: Buffer, limit: number): Buffer {
    return keepTail(bytes, limit);
  }

  /** Runs once a command started, before terminal/create is answered. */
  protected async created(_terminal: RealTerminal): Promise<void> {}

  /** The exit status reported for what the command's process ended with. */
  protected exitStatus(status: ExitStatus): ExitStatus {
    return status;
  }

  /** terminal/kill: the command and its whole tree, the id staying valid. */
  protected async kill(terminal: RealTerminal): Promise<void> {
    await terminal.end();
  }

  /** terminal/release: the command and its whole tree (the id is already forgotten). */
  protected async release(terminal: RealTerminal): Promise<void> {
    await terminal.end();
  }

  /** The answer to a terminal method for an id that is unknown or released. */
  protected unknownTerminal(_method: string, terminalId: string, _all: readonly RealTerminal[]): ServedReply {
    return { error: { code: RESOURCE_NOT_FOUND, message: `Resource not found: terminal ${terminalId}` } };
  }
}
