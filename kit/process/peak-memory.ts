/** The kit's own peak memory, a fact every report carries (and the flood benches measure). */
import { readProcFile } from "./tree.js";

/**
 * This process's peak resident memory. On Linux VmHWM belongs to this program alone; getrusage's
 * maxRSS can carry the high-water mark of the parent that spawned the kit (a test runner, a bench).
 */
export function ownPeakRssBytes(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readProcFile("/proc/self/status", "utf8") ?? "");
  return match ? Number(match[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}
