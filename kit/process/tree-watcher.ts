/**
 * Watches a target's process tree while it runs: remembers every descendant it sees (so one
 * that is re-parented or escapes later is still recognised) and, when asked, the tree's peak
 * resident memory. One cheap /proc scan per tick (no command lines or environments), so a
 * scenario's watching does not compete with the target for CPU.
 */
import { findDescendants, listProcesses, readProcFile, type ProcessInfo } from "./tree.js";

function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readProcFile(`/proc/${pid}/status`, "utf8") ?? "");
  return match ? Number(match[1]) * 1024 : 0;
}

export class TreeWatcher {
  /** Every descendant seen so far, by pid. */
  readonly seen = new Map<number, ProcessInfo>();
  peakRssBytes = 0;
  readonly #rootPid: number;
  readonly #measureMemory: boolean;
  readonly #timer: NodeJS.Timeout;

  constructor(rootPid: number, options: { measureMemory?: boolean; intervalMs?: number } = {}) {
    this.#rootPid = rootPid;
    this.#measureMemory = options.measureMemory ?? false;
    this.tick();
    this.#timer = setInterval(() => this.tick(), options.intervalMs ?? 200);
    this.#timer.unref();
  }

  /** One scan; also call it right before the tree is killed, to catch the last arrivals. */
  tick(): void {
    if (process.platform !== "linux") return;
    const tree = findDescendants(
      { rootPid: this.#rootPid, includeRoot: true },
      listProcesses({ details: false }),
    );
    for (const info of tree)
      if (info.pid !== this.#rootPid && !this.seen.has(info.pid)) this.seen.set(info.pid, info);
    if (this.#measureMemory)
      this.peakRssBytes = Math.max(
        this.peakRssBytes,
        tree.reduce((sum, info) => sum + residentBytes(info.pid), 0),
      );
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
