/**
 * Where the reference agent keeps its sessions between processes, as real agents do: under
 * HOME, in one directory per working directory, one JSON file per session. A later process
 * with the same HOME and cwd can load, resume or list what an earlier one created. Directories
 * whose cwd no longer exists are removed (the kit's session directories are scratch ones, so
 * the store does not grow with every run).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export interface StoredMessage {
  role: "user" | "agent";
  text: string;
  messageId: string;
}

export interface StoredSession {
  sessionId: string;
  cwd: string;
  title?: string;
  /** Absolute; the complete list the last session/new, load or resume gave. */
  additionalDirectories?: string[];
  /** ISO 8601; with the session id, the order session/list pages in. */
  createdAt: string;
  /** ISO 8601 time of the last activity. */
  updatedAt: string;
  history: StoredMessage[];
}

/** Only ids the agent itself minted are ever turned into file names. */
const SESSION_ID = /^session-[0-9a-f-]{36}$/;
const CWD_FILE = "cwd";

export class SessionStore {
  readonly root: string;
  #collected = false;

  constructor(root = join(homedir(), ".acp-conformance", "reference-agent", "sessions")) {
    this.root = root;
  }

  save(session: StoredSession): void {
    this.#collectGarbage();
    const dir = this.#dirFor(session.cwd);
    mkdirSync(dir, { recursive: true });
    writeCwdFileOnce(dir, session.cwd);
    // Write then rename, so a process listing at the same time never reads half a file.
    const file = join(dir, `${session.sessionId}.json`);
    const partial = `${file}.${randomUUID()}.tmp`;
    writeFileSync(partial, JSON.stringify(session));
    renameSync(partial, file);
  }

  /** The session with this id, stored for this cwd. */
  read(sessionId: string, cwd: string): StoredSession | undefined {
    if (!SESSION_ID.test(sessionId)) return undefined;
    return readSession(join(this.#dirFor(cwd), `${sessionId}.json`));
  }

  /** Every stored session, of one cwd or of all. */
  all(cwd?: string): StoredSession[] {
    const dirs = cwd === undefined ? this.#cwdDirs() : [this.#dirFor(cwd)];
    return dirs.flatMap((dir) =>
      safeReaddir(dir)
        .filter((name) => name.endsWith(".json"))
        .flatMap((name) => readSession(join(dir, name)) ?? []),
    );
  }

  remove(session: Pick<StoredSession, "sessionId" | "cwd">): void {
    if (SESSION_ID.test(session.sessionId))
      rmSync(join(this.#dirFor(session.cwd), `${session.sessionId}.json`), { force: true });
  }

  #dirFor(cwd: string): string {
    return join(this.root, createHash("sha256").update(cwd).digest("hex").slice(0, 24));
  }

  #cwdDirs(): string[] {
    return safeReaddir(this.root).map((name) => join(this.root, name));
  }

  /** Once per process: forget the sessions of working directories that are gone. */
  #collectGarbage(): void {
    if (this.#collected) return;
    this.#collected = true;
    for (const dir of this.#cwdDirs()) {
      let cwd: string;
      try {
        cwd = readFileSync(join(dir, CWD_FILE), "utf8");
      } catch {
        continue; // being written by another process right now
      }
      // An empty name is a file another process has only just created: never a reason to remove.
      if (cwd === "" || existsSync(cwd)) continue;
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // another process is collecting or saving the same directory; the next run retries
      }
    }
  }
}

/**
 * The cwd file names the directory's working directory for garbage collection. It is written
 * whole (then renamed) and only once: rewriting it in place on every save let a concurrent
 * process read it empty, take the cwd for gone and remove a live session directory.
 */
function writeCwdFileOnce(dir: string, cwd: string): void {
  const file = join(dir, CWD_FILE);
  if (existsSync(file)) return;
  const partial = `${file}.${randomUUID()}.tmp`;
  writeFileSync(partial, cwd);
  renameSync(partial, file);
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function readSession(file: string): StoredSession | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as StoredSession;
  } catch {
    return undefined; // removed meanwhile by another process, or never there
  }
}
