/**
 * Scratch directories for one kit run: session working directories, peer shims, adapter
 * workspaces (and, in a user's test process, the files of spawned mock peers). They all live
 * under one root directory, which goes with the last directory removed from it, or when the
 * process exits, however it exits (the end of the run, an error, an interrupt). So a scenario
 * that could not remove its own (its teardown threw, the run was interrupted before it ended)
 * leaves nothing behind, and neither does a process that is killed once its directories are
 * removed (a test runner's worker, which may not get to run exit handlers).
 *
 * Some files a run causes cannot live under the root: a mock agent's probe of the client's fs
 * works under the session cwd the client chose. Whoever can find those registers an exit
 * cleanup, which runs before the root goes, so it can still read what the root holds.
 */
import { mkdtempSync, rmdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

let root: string | undefined;
let removedAtExit = false;
const exitCleanups = new Set<() => void>();

function removeEverythingAtExit(): void {
  if (removedAtExit) return;
  process.once("exit", () => {
    for (const cleanup of exitCleanups) {
      try {
        cleanup();
      } catch {
        // The process is ending: one failed cleanup must not keep the others or the root from running.
      }
    }
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });
  removedAtExit = true;
}

/**
 * Runs `cleanup` (synchronous: it runs inside process.on("exit")) when the process exits, before
 * the scratch root is removed, unless the returned function is called first.
 */
export function registerExitCleanup(cleanup: () => void): () => void {
  removeEverythingAtExit();
  exitCleanups.add(cleanup);
  return () => {
    exitCleanups.delete(cleanup);
  };
}

/** A fresh directory named `<prefix>XXXXXX` under this process's scratch root. */
export function makeScratchDir(prefix: string): string {
  removeEverythingAtExit();
  root ??= mkdtempSync(join(tmpdir(), "acp-conformance-run-"));
  return mkdtempSync(join(root, prefix));
}

/** Removes a directory from makeScratchDir, and the root with it when that was the last one. */
export function removeScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  if (root === undefined || dirname(dir) !== root) return;
  try {
    rmdirSync(root);
    root = undefined;
  } catch {
    // Other scratch directories are still in use.
  }
}
