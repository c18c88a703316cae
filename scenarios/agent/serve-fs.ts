/**
 * The kit's client file system (docs/protocol/v1/file-system.mdx): fs/read_text_file and
 * fs/write_text_file on real files, inside one scenario's session directory only, so an agent
 * can never make the kit read or write anything else on the machine. Like an editor, the kit
 * may hold an unsaved buffer for a file: a read gets the buffer, not what is on disk, which is
 * how a scenario tells a read through the client from one behind its back.
 */
import { mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { ReplyToTarget } from "../../kit/wire/connection.js";
import { sliceLines } from "../../peers/served-client-methods.js";

/** JSON-RPC / ACP error codes the file system answers with (schema.json#/$defs/ErrorCode). */
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;

/** True when `path` is absolute and lies inside `root` (or is root itself), after normalising `..`. */
export function isInside(root: string, path: string): boolean {
  if (!isAbsolute(path)) return false;
  const rel = relative(resolve(root), resolve(path));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * A directory as given and as the file system resolves it: an agent that resolves symlinks
 * (macOS's /var is /private/var) names the same files by another absolute path.
 */
export class SessionRoot {
  readonly path: string;
  readonly #forms: string[];

  constructor(root: string) {
    this.path = resolve(root);
    this.#forms = [this.path];
    try {
      const real = realpathSync(root);
      if (real !== this.path) this.#forms.push(real);
    } catch {
      // a root that does not exist yet has no other form
    }
  }

  /** `path` under the root as given, or undefined when it is relative or outside the root. */
  canonical(path: string): string | undefined {
    if (!isAbsolute(path)) return undefined;
    const form = this.#forms.find((candidate) => isInside(candidate, path));
    return form === undefined ? undefined : join(this.path, relative(form, resolve(path)));
  }

  contains(path: string): boolean {
    return this.canonical(path) !== undefined;
  }
}

// Line slicing is the one every client fs of the kit's uses (peers/served-client-methods.ts).
export { sliceLines } from "../../peers/served-client-methods.js";

const optionalCount = (value: unknown): number | undefined | "invalid" =>
  value === undefined || value === null
    ? undefined
    : typeof value === "number" && Number.isInteger(value) && value >= 0
      ? value
      : "invalid";

export class KitFileSystem {
  readonly root: SessionRoot;
  /** Unsaved editor buffers by absolute path: a read returns these instead of the disk. */
  readonly buffers = new Map<string, string>();

  constructor(root: string) {
    this.root = new SessionRoot(root);
  }

  /** The path a request names, or the error that refuses it. */
  #target(params: Record<string, unknown>): { path: string } | { error: ReplyToTarget } {
    const path = params.path;
    const refuse = (code: number, message: string) => ({ error: { error: { code, message } } });
    if (typeof path !== "string") return refuse(INVALID_PARAMS, "Invalid params: path must be a string");
    if (!isAbsolute(path))
      return refuse(INVALID_PARAMS, `Invalid params: path ${JSON.stringify(path)} is not absolute`);
    const canonical = this.root.canonical(path);
    if (canonical === undefined)
      return refuse(
        RESOURCE_NOT_FOUND,
        `Resource not found: ${path} is outside the session directory the kit serves (${this.root.path})`,
      );
    return { path: canonical };
  }

  read(params: Record<string, unknown>): ReplyToTarget {
    const target = this.#target(params);
    if ("error" in target) return target.error;
    const line = optionalCount(params.line);
    const limit = optionalCount(params.limit);
    if (line === "invalid" || limit === "invalid")
      return {
        error: { code: INVALID_PARAMS, message: "Invalid params: line and limit must be whole numbers" },
      };
    let content = this.buffers.get(target.path);
    if (content === undefined) {
      try {
        if (!statSync(target.path).isFile()) throw new Error("not a file");
        content = readFileSync(target.path, "utf8");
      } catch {
        return { error: { code: RESOURCE_NOT_FOUND, message: `Resource not found: ${target.path}` } };
      }
    }
    return { result: { content: sliceLines(content, line, limit) } };
  }

  write(params: Record<string, unknown>): ReplyToTarget {
    const target = this.#target(params);
    if ("error" in target) return target.error;
    if (typeof params.content !== "string")
      return { error: { code: INVALID_PARAMS, message: "Invalid params: content must be a string" } };
    try {
      // The client MUST create the file if it does not exist (file-system.mdx#writing-files).
      mkdirSync(dirname(target.path), { recursive: true });
      writeFileSync(target.path, params.content, "utf8");
    } catch (error) {
      return { error: { code: INTERNAL_ERROR, message: `Internal error: ${(error as Error).message}` } };
    }
    // A write replaces any unsaved buffer: the file is now what the agent wrote.
    this.buffers.delete(target.path);
    return { result: {} };
  }
}
