/**
 * Everything the kit started that may still be alive, and the last-resort cleanup that runs
 * when the kit itself is interrupted (SIGINT, SIGTERM, SIGHUP) or exits for any reason.
 *
 * The cleanup is synchronous on purpose: it must finish inside a signal handler and inside
 * process.on("exit"), where no promise will ever resolve.
 */
import { findByMarkerPrefix } from "./tree.js";

interface KillableGroup {
  readonly pid: number;
  signalGroup(signal: NodeJS.Signals): boolean;
}

export const liveTargets = new Set<KillableGroup>();

let targetsStarted = 0;

/** Counts one target start (TargetProcess.spawn): the runner reports how many a run cost. */
export function countTargetSpawned(): void {
  targetsStarted += 1;
}

/** Targets this process has started so far. */
export function targetsSpawned(): number {
  return targetsStarted;
}

let runMarkerPrefix: string | undefined;
let installed = false;

/** SIGKILLs every live target group and every process carrying this run's marker. Returns how many were signalled. */
export function killEverythingNow(): number {
  let killed = 0;
  for (const target of liveTargets) if (target.signalGroup("SIGKILL")) killed += 1;
  liveTargets.clear();
  if (runMarkerPrefix === undefined) return killed;
  // A process caught mid-fork (a shell starting its children) can create a child after the scan
  // that found it: scan again until a pass finds nothing new, a few passes at most.
  const signalled = new Set<number>();
  for (let pass = 0; pass < 5; pass++) {
    const found = findByMarkerPrefix(runMarkerPrefix).filter((info) => !signalled.has(info.pid));
    if (found.length === 0) break;
    for (const info of found) {
      signalled.add(info.pid);
      try {
        process.kill(info.pid, "SIGKILL");
        killed += 1;
      } catch {
        // Already gone.
      }
    }
  }
  return killed;
}

export interface InterruptOptions {
  /** Every marker of this run starts with this prefix. */
  markerPrefix: string;
  /** Called after cleanup on a signal; must end the process. */
  onInterrupted: (signal: NodeJS.Signals, killed: number) => never;
}

/** Installs the signal and exit handlers once per process. */
export function installInterruptCleanup(options: InterruptOptions): void {
  runMarkerPrefix = options.markerPrefix;
  if (installed) return;
  installed = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      const killed = killEverythingNow();
      options.onInterrupted(signal, killed);
    });
  }
  process.on("exit", () => {
    killEverythingNow();
  });
}
