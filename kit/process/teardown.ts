/**
 * The teardown ladder: close stdin → grace → SIGTERM to the group → grace → SIGKILL to the
 * group → sweep. What was still alive at each rung is kept as evidence for `cleanup` checks,
 * and the sweep kills descendants that escaped the group (found by the run marker or because
 * we saw them earlier), so nothing the kit started outlives the scenario.
 */
import { sleep, withTimeout } from "../time.js";
import type { TargetProcess, ExitInfo } from "./target.js";
import { findDescendants, type Descendant, type ProcessInfo } from "./tree.js";

export type Rung = "already-exited" | "stdin-closed" | "sigterm" | "sigkill";

export interface TeardownOptions {
  /** How long the target may take to exit after stdin closes. */
  closeGraceMs: number;
  /** How long the group may take to exit after SIGTERM. */
  termGraceMs: number;
  /** Descendants seen earlier in the scenario, so re-parented ones are not missed. */
  seenEarlier?: Iterable<ProcessInfo>;
  /** Skip the first rung (stdin already closed by the scenario). */
  stdinAlreadyClosed?: boolean;
}

export interface TeardownReport {
  /** The rung at which the target's own process exited. */
  exitedAt: Rung;
  exit: ExitInfo | undefined;
  /** Descendants alive when each rung's grace ran out (only rungs that were needed). */
  aliveAfter: Partial<Record<Rung, Descendant[]>>;
  /** Processes the final sweep had to SIGKILL by pid (escaped the group). */
  swept: Descendant[];
}

async function waitForExit(target: TargetProcess, ms: number): Promise<boolean> {
  if (!target.alive) return true;
  return (await withTimeout(target.exited, ms)) !== undefined;
}

/** Polls until the target and its group are gone, or `ms` runs out. */
async function waitForGroupGone(
  target: TargetProcess,
  ms: number,
  seenEarlier: ProcessInfo[],
): Promise<Descendant[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = target.alive
      ? []
      : findDescendants({ rootPid: target.pid, marker: target.marker, seenEarlier });
    const rootAlive = target.alive;
    if (!rootAlive && left.length === 0) return [];
    if (Date.now() >= deadline) return left;
    await Promise.race([target.exited, sleep(Math.min(50, Math.max(1, deadline - Date.now())))]);
  }
}

export async function tearDown(target: TargetProcess, options: TeardownOptions): Promise<TeardownReport> {
  const seenEarlier = [...(options.seenEarlier ?? [])];
  const report: TeardownReport = {
    exitedAt: "already-exited",
    exit: target.exitInfo,
    aliveAfter: {},
    swept: [],
  };
  const describe = () =>
    findDescendants({ rootPid: target.pid, marker: target.marker, seenEarlier, includeRoot: target.alive });

  if (target.alive) {
    report.exitedAt = "stdin-closed";
    target.closeStdin();
    if (!(await waitForExit(target, options.stdinAlreadyClosed ? 0 : options.closeGraceMs))) {
      report.aliveAfter["stdin-closed"] = describe();
      report.exitedAt = "sigterm";
      target.signalGroup("SIGTERM");
      const left = await waitForGroupGone(target, options.termGraceMs, seenEarlier);
      if (target.alive || left.length > 0) {
        report.aliveAfter.sigterm = describe();
        if (target.alive) report.exitedAt = "sigkill";
        target.signalGroup("SIGKILL");
        await waitForExit(target, 5_000);
      }
    }
  }
  // The group may outlive its leader; finish it, then anything that escaped the group.
  target.signalGroup("SIGKILL");
  report.exit = target.exitInfo;
  for (const survivor of findDescendants({ rootPid: target.pid, marker: target.marker, seenEarlier })) {
    try {
      process.kill(survivor.pid, "SIGKILL");
      report.swept.push(survivor);
    } catch {
      // Exited meanwhile.
    }
  }
  return report;
}
