/**
 * Adapter mode's harness (the kit plays the host): start the adapter in a fresh working
 * directory, write one envelope line and close stdin, read its events, wait for it to exit
 * within --timeout, and note what it left running and what it changed outside its cwd.
 */
import { TargetProcess, targetMarker, type ExitInfo } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { TreeWatcher } from "../../kit/process/tree-watcher.js";
import { findDescendants, type Descendant } from "../../kit/process/tree.js";
import { type ScenarioContext, stopIfPreflightBlocked } from "../../kit/scenario.js";
import { sleep, withTimeout } from "../../kit/time.js";
import { AdapterWorkspace } from "./workspace.js";

export interface StdoutLine {
  text: string;
  /** The parsed line, when it is JSON. */
  value?: unknown;
  atMs: number;
}

export interface AdapterRun {
  exit: ExitInfo | undefined;
  timedOut: boolean;
  lines: StdoutLine[];
  stdoutBytes: number;
  stderrBytes: number;
  stderrTail: string;
  /** When the kit read the adapter's last stdout line, and when it saw the adapter exit by itself (ms since spawn, one clock). */
  lastOutputAtMs: number | undefined;
  exitedAtMs: number | undefined;
  survivors: Descendant[];
  /** The kit stopped the adapter once it fell silent (AdapterRunOptions.stopWhenSilentMs): how it would have ended is unknown. */
  stoppedWhenSilent: boolean;
  /** How long the survivors were given to be gone after the adapter exited. */
  settledMs: number;
  changesOutsideCwd: string[];
}

const SETTLE_MS = 1_000;
/** Keep a bounded amount of each line: the checks need shapes, not megabytes. */
const MAX_LINE_BYTES = 2 * 1024 * 1024;

export interface AdapterRunOptions {
  /**
   * Give what the adapter started a moment to be gone before listing survivors (default: yes,
   * unless the preflight already saw survivors). A run that does not judge descendants (a
   * property's case) need not wait.
   */
  settleDescendants?: boolean;
  /**
   * Stop the adapter once its stdout has been silent this long after a line. Default: `lingerStopMs(context)`, set only for an adapter the preflight showed
   * lingering after its work, where waiting for each exit would cost the linger again and again.
   */
  stopWhenSilentMs?: number;
}

/**
 * How long after its last line a run stops the adapter: never, unless the preflight saw it
 * linger after its work; then twice the widest gap between its lines there (an adapter that
 * paused between events gets as long again), at least 50 ms and at most 250 ms or --close-grace.
 * Stopping too soon costs only lines the run never reads (a pass it could have failed), never a
 * false failure: a stopped run's exit is not judged.
 */
export function lingerStopMs(context: ScenarioContext): number | undefined {
  const { knownDefects, lineGapMs } = context.preflight;
  if (!knownDefects?.includes("adapter.cleanup.exits-after-work")) return undefined;
  const learned = Math.max(LINGER_STOP_MIN_MS, 2 * (lineGapMs ?? LINGER_STOP_MAX_MS));
  return Math.min(context.options.closeGraceMs, LINGER_STOP_MAX_MS, learned);
}
const LINGER_STOP_MIN_MS = 50;
const LINGER_STOP_MAX_MS = 250;

/** The widest gap between two of a run's stdout lines, in ms (0 with fewer than two lines). */
export function widestLineGapMs(run: AdapterRun): number {
  let widest = 0;
  for (let index = 1; index < run.lines.length; index++)
    widest = Math.max(widest, run.lines[index]!.atMs - run.lines[index - 1]!.atMs);
  return widest;
}

export async function runAdapter(
  context: ScenarioContext,
  envelope: string,
  options: AdapterRunOptions = {},
): Promise<AdapterRun> {
  stopIfPreflightBlocked(context.preflight, "tasks");
  const { knownDefects } = context.preflight;
  const stopWhenSilentMs = options.stopWhenSilentMs ?? lingerStopMs(context);
  const settleMs =
    (options.settleDescendants ?? !knownDefects?.includes("adapter.cleanup.no-descendants")) ? SETTLE_MS : 0;
  const workspace = new AdapterWorkspace();
  context.defer(async () => workspace.remove());
  const marker = targetMarker(context.runId);
  const started = Date.now();
  /**
   * Resolves "silent" once the last line (ms since start) is `ms` in the past. Never before the
   * first line: a slow start (Node on a busy machine) is not the linger the preflight saw.
   */
  const silenceFor = async (ms: number, lastAtMs: () => number | undefined): Promise<"silent"> => {
    for (;;) {
      const last = lastAtMs();
      const waitMs = last === undefined ? ms : last + ms - (Date.now() - started);
      if (last !== undefined && waitMs <= 0) return "silent";
      await sleep(waitMs);
    }
  };
  const target = await TargetProcess.spawn({
    command: context.target.command,
    args: context.target.args,
    cwd: workspace.cwd,
    env: { ...context.options.env, ACP_CONFORMANCE_SCENARIO: context.scenarioId },
    marker,
    maxLineBytes: MAX_LINE_BYTES,
  });
  const watcher = new TreeWatcher(target.pid);
  context.defer(async () => {
    watcher.stop();
    await tearDown(target, { closeGraceMs: 200, termGraceMs: 1_000, seenEarlier: watcher.seen.values() });
  });
  const lines: StdoutLine[] = [];
  let lastOutputAtMs: number | undefined;
  target.onStdoutItem((item) => {
    lastOutputAtMs = Date.now() - started;
    const text =
      item.kind === "line"
        ? item.text
        : item.kind === "blank"
          ? ""
          : item.kind === "oversize"
            ? `<${item.byteLength} bytes without a newline>`
            : `<${item.byteLength} bytes, not UTF-8>`;
    let value: unknown;
    if (item.kind === "line") {
      try {
        value = JSON.parse(item.text);
      } catch {
        value = undefined;
      }
    }
    lines.push(value === undefined ? { text, atMs: lastOutputAtMs } : { text, value, atMs: lastOutputAtMs });
  });
  await target.write(`${envelope}\n`, context.options.timeoutMs);
  target.closeStdin();

  // When the kit saw the exit, on the same clock as each line's arrival.
  let exitSeenAtMs: number | undefined;
  void target.exited.then(() => (exitSeenAtMs ??= Date.now() - started));
  const exit = await withTimeout(
    stopWhenSilentMs === undefined
      ? target.exited
      : Promise.race([target.exited, silenceFor(stopWhenSilentMs, () => lastOutputAtMs)]),
    context.options.timeoutMs,
  );
  const stoppedWhenSilent = exit === "silent";
  const timedOut = exit === undefined;
  watcher.tick();
  if (timedOut || stoppedWhenSilent) {
    target.signalGroup("SIGKILL");
    await withTimeout(target.exited, 5_000);
  }
  watcher.stop();
  // The last lines can still be in the pipes when the exit is seen (see scenarios/harness/run-with-peer.ts).
  await withTimeout(Promise.all([target.stdoutDone, target.stderrDone]), 3_000);
  let survivors = findDescendants({ rootPid: target.pid, marker, seenEarlier: watcher.seen.values() });
  const deadline = Date.now() + settleMs;
  while (survivors.length > 0 && Date.now() < deadline) {
    await sleep(50);
    survivors = findDescendants({ rootPid: target.pid, marker, seenEarlier: watcher.seen.values() });
  }
  return {
    exit: target.exitInfo,
    timedOut,
    lines,
    stdoutBytes: target.stdoutBytes,
    stderrBytes: target.stderrBytes,
    stderrTail: target.stderrTail(),
    lastOutputAtMs,
    exitedAtMs: timedOut || stoppedWhenSilent ? undefined : exitSeenAtMs,
    stoppedWhenSilent,
    survivors,
    settledMs: settleMs,
    changesOutsideCwd: workspace.changesOutsideCwd(),
  };
}

/** The ordinary task every adapter scenario hands out (the properties vary its text). */
export const TASK = {
  id: "ACP-CONFORMANCE-1",
  request: "Add a line to README.md saying the task ran.",
  context: {},
  messages: [],
};
export const PROMPT =
  "You are an adapter under test by acp-conformance. Do the task in the working directory, report what you did, and exit.";

export function envelopeLine(task: Record<string, unknown>, prompt: string, protocolVersion = 1): string {
  return JSON.stringify({ protocolVersion, task, prompt });
}

export function describeAdapterExit(run: AdapterRun): string {
  if (run.timedOut) return "the adapter was still running at --timeout";
  if (run.stoppedWhenSilent) return "the kit stopped the adapter once it fell silent after its last line";
  if (!run.exit) return "the adapter's exit was not seen";
  return run.exit.code !== null
    ? `the adapter exited with code ${run.exit.code}`
    : `the adapter was killed by ${run.exit.signal}`;
}

/** The parsed events (JSON objects) in stdout order. */
export function adapterEvents(run: AdapterRun): Array<Record<string, unknown>> {
  return run.lines.flatMap((line) =>
    line.value && typeof line.value === "object" && !Array.isArray(line.value)
      ? [line.value as Record<string, unknown>]
      : [],
  );
}
