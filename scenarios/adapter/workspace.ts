/**
 * The directory an adapter works in, and a canary tree beside it: the kit snapshots
 * everything next to the working directory before the task and compares it after, so any
 * edit outside the working directory shows up by path.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";

export class AdapterWorkspace {
  readonly root: string;
  /** The adapter's cwd. */
  readonly cwd: string;
  readonly #before: Map<string, string>;

  constructor() {
    this.root = makeScratchDir("adapter-");
    this.cwd = join(this.root, "worktree");
    mkdirSync(this.cwd);
    writeFileSync(join(this.cwd, "README.md"), "# A working directory the adapter may change\n");
    mkdirSync(join(this.root, "canary"));
    writeFileSync(
      join(this.root, "canary", "do-not-touch.txt"),
      "canary: the adapter must not change this file\n",
    );
    writeFileSync(join(this.root, "canary.txt"), "canary beside the working directory\n");
    this.#before = this.#snapshot();
  }

  /** Paths outside the working directory that were added, removed or changed since the start. */
  changesOutsideCwd(): string[] {
    const after = this.#snapshot();
    const changes: string[] = [];
    for (const [path, digest] of after)
      if (this.#before.get(path) !== digest)
        changes.push(this.#before.has(path) ? `changed ${path}` : `added ${path}`);
    for (const path of this.#before.keys()) if (!after.has(path)) changes.push(`removed ${path}`);
    return changes.sort();
  }

  remove(): void {
    removeScratchDir(this.root);
  }

  #snapshot(): Map<string, string> {
    const files = new Map<string, string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (path === this.cwd) continue;
        const stat = statSync(path, { throwIfNoEntry: false });
        if (!stat) continue;
        if (stat.isDirectory()) walk(path);
        else
          files.set(relative(this.root, path), createHash("sha256").update(readFileSync(path)).digest("hex"));
      }
    };
    walk(this.root);
    return files;
  }
}
