/**
 * Adapter mode's harness (the kit plays the host): start the adapter in a fresh working
 * directory, write one envelope line and close stdin, read its events, wait for it to exit
 * within --timeout, and note what it left running and what it changed outside its cwd.
 */
import { TargetProcess, targetMarker, type ExitInfo } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { TreeWatcher } from "../../kit/process/tree-watcher.js";
import { findDescendants, type Descendant } from "../../kit/process/tree.js";
import type { ScenarioContext } from "../../kit/scenario.js";
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
  /** When the adapter wrote its last stdout line, and when it exited (ms since spawn). */
  lastOutputAtMs: number | undefined;
  exitedAtMs: number | undefined;
  survivors: Descendant[];
  changesOutsideCwd: string[];
}

const SETTLE_MS = 1_000;
/** Keep a bounded amount of each line: the checks need shapes, not megabytes. */
const MAX_LINE_BYTES = 2 * 1024 * 1024;

export async function runAdapter(context: ScenarioContext, envelope: string): Promise<AdapterRun> {
  const workspace = new AdapterWorkspace();
  context.defer(async () => workspace.remove());
  const marker = targetMarker(context.runId);
  const started = Date.now();
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

  const exit = await withTimeout(target.exited, context.options.timeoutMs);
  const timedOut = exit === undefined;
  watcher.tick();
  if (timedOut) {
    target.signalGroup("SIGKILL");
    await withTimeout(target.exited, 5_000);
  }
  watcher.stop();
  // The last lines can still be in the pipes when the exit is seen (see scenarios/harness/run-with-peer.ts).
  await withTimeout(Promise.all([target.stdoutDone, target.stderrDone]), 3_000);
  let survivors = findDescendants({ rootPid: target.pid, marker, seenEarlier: watcher.seen.values() });
  const deadline = Date.now() + SETTLE_MS;
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
    exitedAtMs: target.exitInfo?.afterMs,
    survivors,
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
