/**
 * Watches a target's process tree while it runs: remembers every descendant it sees (so one
 * that is re-parented or escapes later is still recognised) and, when asked, the tree's peak
 * resident memory. Most ticks walk the tree alone through the kernel's lists of children (a
 * few reads); every FULL_SCAN_EVERY-th tick, and every tick a caller asks for, scans every
 * process (no command lines or environments) so a group member the walk missed is seen too.
 * Scanning every process on every tick was most of the kit's own CPU time in a client run.
 */
import { findDescendants, listProcesses, listProcessTree, readProcFile, type ProcessInfo } from "./tree.js";

/** One tick in this many scans every process; the others walk the tree. */
const FULL_SCAN_EVERY = 5;

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
  #ticks = 0;

  constructor(rootPid: number, options: { measureMemory?: boolean; intervalMs?: number } = {}) {
    this.#rootPid = rootPid;
    this.#measureMemory = options.measureMemory ?? false;
    this.tick();
    this.#timer = setInterval(() => this.#poll(), options.intervalMs ?? 200);
    this.#timer.unref();
  }

  /** One full scan; also call it right before the tree is killed, to catch the last arrivals. */
  tick(): void {
    if (process.platform !== "linux") return;
    this.#record(
      findDescendants({ rootPid: this.#rootPid, includeRoot: true }, listProcesses({ details: false })),
    );
  }

  #poll(): void {
    if (process.platform !== "linux") return;
    this.#ticks += 1;
    const walked = this.#ticks % FULL_SCAN_EVERY === 0 ? undefined : listProcessTree(this.#rootPid);
    if (walked === undefined) this.tick();
    else this.#record(walked);
  }

  #record(tree: ProcessInfo[]): void {
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
