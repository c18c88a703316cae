/**
 * The harness of the modes where the target spawns the kit's scripted peer (client mode: the
 * agent; host mode: the adapter; runtime mode: the agent a request names): per run it writes
 * the peer's script and shim, expands the placeholder (`{agent}`, `{adapter}`) in the target's
 * command or writes a request naming the shim to its stdin, runs the target in its own
 * process group until it exits or its time is up, and collects what the peer recorded and
 * what was left running. Teardown ends everything either way.
 */
import type { PeerEvent } from "../../peers/observation-log.js";
import type { AdapterScript, AgentScript } from "../../peers/script-types.js";
import { TargetProcess, targetMarker, type ExitInfo } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { TreeWatcher } from "../../kit/process/tree-watcher.js";
import { findDescendants, processInfo, type Descendant } from "../../kit/process/tree.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { sleep, withTimeout } from "../../kit/time.js";
import { PeerShim } from "./peer-shim.js";

/** What one run of the target came to. */
export interface PeerRun {
  exit: ExitInfo | undefined;
  /**
   * The target was still running when its time was up (the kit then killed it), or was stopped
   * early by stopOnceAgentsEndedMs: waiting on would have come to the same.
   */
  timedOut: boolean;
  /** The kit stopped the target once every process of its peer had ended (stopOnceAgentsEndedMs). */
  stoppedAfterTurn: boolean;
  /**
   * When its time was up, the target had started its peer and nothing it started was left
   * running: it stayed after its work was done (a client preflight learns this once).
   */
  stayedAfterWork: boolean;
  durationMs: number;
  /** The target's stdout and stderr (bounded), where a canary would show. */
  output: string;
  /** The target's stdout lines (bounded), with when each arrived (ms since the target started). */
  lines: Array<{ text: string; atMs: number }>;
  stderrTail: string;
  /** Everything the scripted peer(s) recorded. */
  events: PeerEvent[];
  peakRssBytes: number;
  /** Descendants of the target, and children the peer started, still alive a moment after the target exited (before the kit's teardown). */
  survivors: Descendant[];
  shimPath: string;
}

export interface PeerRunOptions {
  /** `{agent}` or `{adapter}`, expanded to the shim's path in the target's arguments. */
  placeholder?: string;
  /** Further placeholders and what each expands to in the target's arguments (client mode's `{session}`). */
  expand?: Readonly<Record<string, string>>;
  /** Longest stdout line kept whole (default 1 MiB; a runtime's result event can carry 2 MiB of output and 2 MiB of stderr). */
  maxLineBytes?: number;
  /** Bytes to write to the target's stdin, which is then closed (runtime mode's request). */
  stdin?(shim: PeerShim): string | Buffer;
  /** The environment variable that also names the shim. */
  shimEnv: string;
  /** How long the target may run. */
  timeoutMs: number;
  sampleMemory?: boolean;
  /** Runs once the target is started (to signal it, for example); the run then waits for its exit as usual. */
  whileRunning?(target: TargetProcess, shim: PeerShim): Promise<void>;
  /**
   * Stop the target once it has started its peer and nothing it started has been running for
   * this long: set only when the preflight saw it stay after its work, where waiting for each
   * exit would cost the whole timeout again and again.
   */
  stopOnceAgentsEndedMs?: number;
}

const OUTPUT_LIMIT = 4 * 1024 * 1024;
/** Stdout lines kept for the checks, in bytes; later lines are kept as a placeholder, so the count and the order stay true. */
const LINES_BUDGET = 32 * 1024 * 1024;
/** How long the peer and its children get, after the target exits, to be gone. */
const SETTLE_MS = 1_000;
/** How often a run that may be stopped after its work looks at what the target still runs. */
const AGENTS_ENDED_POLL_MS = 100;

export function expandPlaceholder(args: readonly string[], placeholder: string, shimPath: string): string[] {
  return args.map((arg) => arg.replaceAll(placeholder, shimPath));
}

export async function runTargetWithPeer(
  context: ScenarioContext,
  script: AgentScript | AdapterScript,
  options: PeerRunOptions,
): Promise<PeerRun> {
  const shim = new PeerShim(script);
  context.defer(async () => shim.remove());
  const marker = targetMarker(context.runId);
  const started = Date.now();
  const target = await TargetProcess.spawn({
    command: context.target.command,
    args: Object.entries(options.expand ?? {}).reduce(
      (args, [placeholder, value]) => expandPlaceholder(args, placeholder, value),
      options.placeholder
        ? expandPlaceholder(context.target.args, options.placeholder, shim.path)
        : [...context.target.args],
    ),
    cwd: context.options.cwd,
    env: {
      ...context.options.env,
      [options.shimEnv]: shim.path,
      ACP_CONFORMANCE_SCENARIO: context.scenarioId,
    },
    marker,
    maxLineBytes: options.maxLineBytes ?? 1024 * 1024,
  });
  const watcher = new TreeWatcher(target.pid, { measureMemory: options.sampleMemory ?? false });
  const seen = watcher.seen;
  const peerChildren = () => shim.events().flatMap((event) => (event.kind === "spawned" ? [event] : []));
  context.defer(async () => {
    watcher.stop();
    await tearDown(target, { closeGraceMs: 500, termGraceMs: 1_000, seenEarlier: seen.values() });
    // Children the peer started in a session of their own are beyond the target's tree.
    for (const child of peerChildren()) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
  let output = "";
  const lines: PeerRun["lines"] = [];
  let linesBytes = 0;
  target.onStdoutItem((item) => {
    const text =
      item.kind === "line"
        ? item.text
        : item.kind === "oversize"
          ? item.head.toString("utf8")
          : item.kind === "invalid-utf8"
            ? Buffer.from(item.bytes).toString("utf8")
            : "";
    if (output.length < OUTPUT_LIMIT) output += `${text}\n`;
    if (item.kind === "blank") return;
    linesBytes += text.length;
    lines.push({
      text:
        linesBytes <= LINES_BUDGET
          ? text
          : `<a ${text.length}-character line beyond the kit's ${LINES_BUDGET}-byte budget>`,
      atMs: Date.now() - started,
    });
  });
  if (options.stdin) {
    await target.write(options.stdin(shim), options.timeoutMs);
    target.closeStdin();
  }

  const running = options.whileRunning?.(target, shim);
  // Its peer has run and nothing the target started is still running (but the grandchild the
  // peer may start in a session of its own, which is meant to outlive everything): its work is over.
  let peerStarted = false;
  const escapedFromPeer = new Set<number>();
  const workOver = () => {
    for (const event of shim.newEvents()) {
      peerStarted = true;
      if (event.kind === "spawned" && event.setsid) escapedFromPeer.add(event.pid);
    }
    return (
      peerStarted &&
      findDescendants({ rootPid: target.pid, marker, seenEarlier: seen.values() }).every((info) =>
        escapedFromPeer.has(info.pid),
      )
    );
  };
  let agentsEndedLongEnough = false;
  const agentsEnded =
    options.stopOnceAgentsEndedMs !== undefined
      ? waitUntilHeld(workOver, options.stopOnceAgentsEndedMs, target.exited).then(() => {
          agentsEndedLongEnough = true;
          return undefined;
        })
      : undefined;
  const exit = await withTimeout(
    agentsEnded !== undefined ? Promise.race([target.exited, agentsEnded]) : target.exited,
    options.timeoutMs,
  );
  await withTimeout(running ?? Promise.resolve(), 1_000);
  const timedOut = exit === undefined;
  const stoppedAfterTurn = timedOut && agentsEndedLongEnough;
  const stayedAfterWork = timedOut && workOver();
  if (timedOut) {
    watcher.tick();
    target.signalGroup("SIGKILL");
    await withTimeout(target.exited, 5_000);
  }
  watcher.stop();
  const peakRssBytes = watcher.peakRssBytes;
  // The last lines can still be in the pipe when the exit is seen, and a busy machine can take
  // a while to deliver them; a descendant holding the pipe open must not stall the run for long.
  await withTimeout(target.stdoutDone, 3_000);
  // Give what the target stopped a moment to finish exiting, then see what is left. A
  // grandchild that escaped with setsid is expected to outlive everything: do not wait for it.
  // Read once: a scripted peer starts its children early in its script, long before the target is done.
  const spawnedByPeer = peerChildren();
  const escaped = new Set(spawnedByPeer.flatMap((child) => (child.setsid ? [child.pid] : [])));
  const findSurvivors = (): Descendant[] => {
    const found = findDescendants({ rootPid: target.pid, marker, seenEarlier: seen.values() });
    const known = new Set(found.map((info) => info.pid));
    const children = spawnedByPeer.flatMap((child) => {
      const info = child.setsid || known.has(child.pid) ? undefined : processInfo(child.pid);
      return info ? [{ ...info, reasons: ["seen-earlier" as const] }] : [];
    });
    return [...found, ...children];
  };
  let survivors = findSurvivors();
  const deadline = Date.now() + SETTLE_MS;
  while (survivors.some((info) => !escaped.has(info.pid)) && Date.now() < deadline) {
    await sleep(50);
    survivors = findSurvivors();
  }
  return {
    exit: target.exitInfo,
    timedOut,
    stoppedAfterTurn,
    stayedAfterWork,
    durationMs: Date.now() - started,
    output: `${output}${target.stderrTail()}`,
    lines,
    stderrTail: target.stderrTail(),
    events: shim.events(),
    peakRssBytes,
    survivors,
    shimPath: shim.path,
  };
}

/**
 * Resolves once `condition` has held for `heldMs` on end (looked at every AGENTS_ENDED_POLL_MS);
 * never, once `until` settles.
 */
function waitUntilHeld(condition: () => boolean, heldMs: number, until: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    let heldSince: number | undefined;
    const timer = setInterval(() => {
      if (!condition()) heldSince = undefined;
      else if (heldSince === undefined) heldSince = Date.now();
      else if (Date.now() - heldSince >= heldMs) {
        clearInterval(timer);
        resolve();
      }
    }, AGENTS_ENDED_POLL_MS);
    timer.unref(); // the run holds the process open (kit/time.ts, holdProcessOpen)
    void until.finally(() => clearInterval(timer));
  });
}
