/**
 * The mock client's file system (fs/read_text_file, fs/write_text_file), served only when the
 * script advertised it and only inside the current session's cwd: from an in-memory tree
 * (memory mode, the default) or from the real files of that directory (disk mode), where the
 * script's `files` are unsaved editor buffers a read gets first, as an editor would serve them.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { insideRoot, sliceLines } from "../served-client-methods.js";
import type { ObservationLog } from "../observation-log.js";
import type { ClientScript } from "../script-types.js";

export type Reply = { result: unknown } | { error: { code: number; message: string } };

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;

export class ClientFileSystem {
  readonly #script: ClientScript;
  readonly #log: ObservationLog;
  /** Memory mode: the whole tree. Disk mode: unsaved buffers. Keyed by path relative to the cwd. */
  readonly #files: Map<string, string>;
  readonly #disk: boolean;

  constructor(script: ClientScript, log: ObservationLog) {
    this.#script = script;
    this.#log = log;
    this.#files = new Map(Object.entries(script.fs?.files ?? {}));
    this.#disk = script.fs?.mode === "disk";
  }

  answer(method: string, params: Record<string, unknown>, cwd: string): Reply {
    const reply = this.#serve(method, params, cwd);
    const path = String(params.path);
    const ok = "result" in reply;
    if (method === "fs/write_text_file" && ok)
      this.#log.add({ kind: "fs", method, path, ok, content: String(params.content) });
    else this.#log.add({ kind: "fs", method, path, ok });
    return reply;
  }

  #serve(method: string, params: Record<string, unknown>, cwd: string): Reply {
    const advertised = (this.#script.clientCapabilities as { fs?: Record<string, unknown> } | undefined)?.fs;
    const allowed =
      method === "fs/read_text_file"
        ? advertised?.readTextFile === true
        : method === "fs/write_text_file" && advertised?.writeTextFile === true;
    if (!allowed)
      return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method} (not advertised)` } };
    const inside = insideRoot(cwd, params.path);
    if (inside === undefined)
      return {
        error: {
          code: INVALID_PARAMS,
          message: `Invalid params: ${String(params.path)} is not an absolute path inside the session cwd`,
        },
      };
    if (method === "fs/write_text_file") {
      if (typeof params.content !== "string")
        return { error: { code: INVALID_PARAMS, message: "Invalid params: content must be a string" } };
      return this.#write(cwd, inside, params.content);
    }
    const content = this.#read(cwd, inside);
    return content === undefined
      ? { error: { code: RESOURCE_NOT_FOUND, message: `Resource not found: ${String(params.path)}` } }
      : { result: { content: sliceLines(content, params.line, params.limit) } };
  }

  #read(cwd: string, inside: string): string | undefined {
    const buffered = this.#files.get(inside);
    if (buffered !== undefined || !this.#disk) return buffered;
    const path = join(cwd, inside);
    try {
      return statSync(path).isFile() ? readFileSync(path, "utf8") : undefined;
    } catch {
      return undefined;
    }
  }

  #write(cwd: string, inside: string, content: string): Reply {
    if (!this.#disk) {
      this.#files.set(inside, content);
      return { result: {} };
    }
    const path = join(cwd, inside);
    try {
      // The client creates a file that does not exist yet (file-system.mdx#writing-files).
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content, "utf8");
    } catch (error) {
      return { error: { code: INTERNAL_ERROR, message: `Internal error: ${(error as Error).message}` } };
    }
    // The file is now what the agent wrote: an unsaved buffer no longer stands in front of it.
    this.#files.delete(inside);
    return { result: {} };
  }
}
