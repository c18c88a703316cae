/**
 * Peak resident memory of a process tree, sampled while it runs: how the kit sees whether a
 * client's memory grows with what a flooding agent sends.
 */
import { readFileSync } from "node:fs";
import { findDescendants } from "./tree.js";

function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the tree of `rootPid` every `intervalMs` until stopped; `peak` is the largest total seen. */
export class TreeMemorySampler {
  peakBytes = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(rootPid: number, marker: string, intervalMs = 100) {
    const sample = () => {
      if (process.platform !== "linux") return;
      const pids = [rootPid, ...findDescendants({ rootPid, marker }).map((info) => info.pid)];
      const total = pids.reduce((sum, pid) => sum + residentBytes(pid), 0);
      this.peakBytes = Math.max(this.peakBytes, total);
    };
    sample();
    this.#timer = setInterval(sample, intervalMs);
    this.#timer.unref();
  }

  stop(): number {
    clearInterval(this.#timer);
    return this.peakBytes;
  }
}
