/**
 * Scratch directories for one kit run: session working directories, peer shims, adapter
 * workspaces (and, in a user's test process, the files of spawned mock peers). They all live
 * under one directory, removed when the process exits, however it exits (the end of the run, an
 * error, an interrupt). Each scenario still removes its own directories as it ends, so a long
 * run does not pile them up; this catches the ones a scenario could not remove (its teardown
 * threw, or the run was interrupted before it ended).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let runRoot: string | undefined;

/** A fresh directory named `<prefix>XXXXXX` under this run's scratch root. */
export function makeScratchDir(prefix: string): string {
  if (runRoot === undefined) {
    const root = mkdtempSync(join(tmpdir(), "acp-conformance-run-"));
    process.once("exit", () => rmSync(root, { recursive: true, force: true }));
    runRoot = root;
  }
  return mkdtempSync(join(runRoot, prefix));
}
