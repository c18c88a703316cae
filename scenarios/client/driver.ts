/**
 * Client mode's harness: per scenario it writes the mock agent's script and shim, expands
 * `{agent}` in the client's command, runs the client in its own process group until it exits
 * or --client-timeout passes, samples its tree's memory, and collects what the mock agent
 * recorded and what was left running. Teardown ends everything either way.
 */
import { AgentShim } from "../../kit/control/agent-shim.js";
import { TreeWatcher } from "../../kit/process/tree-watcher.js";
import { TargetProcess, targetMarker, type ExitInfo } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { findDescendants, type Descendant } from "../../kit/process/tree.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { sleep, withTimeout } from "../../kit/time.js";
import type { PeerEvent } from "../../peers/observation-log.js";
import type { AgentScript } from "../../peers/script-types.js";

/** What one run of the client under test came to. */
export interface ClientRun {
  exit: ExitInfo | undefined;
  /** The client was still running at --client-timeout (the kit then killed it). */
  timedOut: boolean;
  durationMs: number;
  /** The client's stdout and stderr (bounded), where a canary would show. */
  output: string;
  stderrTail: string;
  /** Everything the mock agent(s) recorded. */
  events: PeerEvent[];
  peakRssBytes: number;
  /** Descendants of the client still alive a moment after it exited (before the kit's teardown). */
  survivors: Descendant[];
  shimPath: string;
}

const OUTPUT_LIMIT = 4 * 1024 * 1024;
/** How long the agent and its children get, after the client exits, to be gone. */
const SETTLE_MS = 1_000;

export function expandAgentPlaceholder(args: readonly string[], shimPath: string): string[] {
  return args.map((arg) => arg.replaceAll("{agent}", shimPath));
}

export async function runClient(context: ScenarioContext, script: AgentScript, options: { sampleMemory?: boolean } = {}): Promise<ClientRun> {
  const shim = new AgentShim(script);
  context.defer(async () => shim.remove());
  const marker = targetMarker(context.runId);
  const started = Date.now();
  const target = await TargetProcess.spawn({
    command: context.target.command,
    args: expandAgentPlaceholder(context.target.args, shim.path),
    cwd: context.options.cwd,
    env: { ...context.options.env, ACP_CONFORMANCE_AGENT: shim.path, ACP_CONFORMANCE_SCENARIO: context.scenarioId },
    marker,
    maxLineBytes: 1024 * 1024,
  });
  const watcher = new TreeWatcher(target.pid, { measureMemory: options.sampleMemory ?? false });
  const seen = watcher.seen;
  context.defer(async () => {
    watcher.stop();
    await tearDown(target, { closeGraceMs: 500, termGraceMs: 1_000, seenEarlier: seen.values() });
  });
  let output = "";
  target.onStdoutItem((item) => {
    if (output.length < OUTPUT_LIMIT) output += `${item.kind === "line" ? item.text : item.kind === "oversize" ? item.head.toString("utf8") : ""}\n`;
  });

  const exit = await withTimeout(target.exited, context.options.clientTimeoutMs);
  const timedOut = exit === undefined;
  if (timedOut) {
    watcher.tick();
    target.signalGroup("SIGKILL");
    await withTimeout(target.exited, 5_000);
  }
  watcher.stop();
  const peakRssBytes = watcher.peakRssBytes;
  await withTimeout(target.stdoutDone, 500);
  // Give what the client stopped a moment to finish exiting, then see what is left. A
  // grandchild that escaped with setsid is expected to outlive everything: do not wait for it.
  const escaped = new Set(shim.events().flatMap((event) => (event.kind === "spawned" && event.setsid ? [event.pid] : [])));
  let survivors = findDescendants({ rootPid: target.pid, marker, seenEarlier: seen.values() });
  const deadline = Date.now() + SETTLE_MS;
  while (survivors.some((info) => !escaped.has(info.pid)) && Date.now() < deadline) {
    await sleep(50);
    survivors = findDescendants({ rootPid: target.pid, marker, seenEarlier: seen.values() });
  }
  return {
    exit: target.exitInfo,
    timedOut,
    durationMs: Date.now() - started,
    output: `${output}${target.stderrTail()}`,
    stderrTail: target.stderrTail(),
    events: shim.events(),
    peakRssBytes,
    survivors,
    shimPath: shim.path,
  };
}

/** A client "fails the turn cleanly" when it exits by itself, in time, with a nonzero code. */
export function failedCleanly(run: ClientRun): boolean {
  return !run.timedOut && run.exit !== undefined && run.exit.code !== null && run.exit.code !== 0;
}

/** The client completed the turn: it exited by itself, in time, with code 0. */
export function succeeded(run: ClientRun): boolean {
  return !run.timedOut && run.exit?.code === 0;
}

export function describeExit(run: ClientRun): string {
  if (run.timedOut) return "the client was still running at --client-timeout";
  if (!run.exit) return "the client's exit was not seen";
  return run.exit.code !== null ? `the client exited with code ${run.exit.code}` : `the client was killed by ${run.exit.signal}`;
}

/** Messages the client sent to the mock agent, parsed, in order. */
export function clientMessages(run: ClientRun): Array<Record<string, unknown>> {
  return run.events.flatMap((event) => (event.kind === "received" && event.message && typeof event.message === "object" ? [event.message as Record<string, unknown>] : []));
}
