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
    writeFileSync(join(dir, CWD_FILE), session.cwd);
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
      if (!existsSync(cwd)) rmSync(dir, { recursive: true, force: true });
    }
  }
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
