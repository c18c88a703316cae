/**
 * Runtime mode's harness (the kit plays the parent and the agent): per run, a fresh working
 * directory and a scripted agent (speaking the stdio adapter protocol, for transport
 * "stdio"), a runtime-v1 request naming that agent written to the runtime's stdin, then EOF;
 * the runtime's events are read until it exits or --host-timeout passes.
 */
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";
import { runTargetWithPeer, type PeerRun, type PeerRunOptions } from "../harness/run-with-peer.js";
import type { RunOptions } from "../../kit/run-options.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AdapterAction } from "../../peers/script-types.js";

export { nonce } from "../harness/nonce.js";

export interface RuntimeRun extends PeerRun {
  /** Each stdout line, parsed when it is JSON. */
  parsed: Array<{ text: string; value: unknown; atMs: number }>;
  /** Whether the runtime started the agent the request named. */
  agentStarted: boolean;
  /** The request as sent (a string when a scenario sent it as raw text). */
  request: RuntimeRequest | string | undefined;
}

export type RuntimeRequest = Record<string, unknown>;

export interface RuntimeRunOptions extends Pick<PeerRunOptions, "whileRunning"> {
  /** Changes the request (the agent's path and the working directory are already in it); return a string to send it as it is. */
  request?(request: RuntimeRequest): RuntimeRequest | string;
}

export const TASK = { id: "ACP-CONFORMANCE-RT", request: "Say what you did.", context: {}, messages: [] };

/**
 * An agent action: start a child in the agent's process group that lives 120 s. Scenarios whose
 * agent runs this show, on every such run, what the runtime leaves behind of the agent's tree.
 */
export const SPAWN_LONG_LIVED_CHILD: AdapterAction = { spawn: { seconds: 120 } };

/**
 * The timeoutMs of the kit's requests: 5 s inside --host-timeout, so a runtime that enforces it
 * ends the task before the kit gives up on the runtime.
 */
export function requestTimeoutMs(options: Pick<RunOptions, "hostTimeoutMs">): number {
  return Math.max(1_000, options.hostTimeoutMs - 5_000);
}

export async function runRuntime(
  context: ScenarioContext,
  actions: AdapterAction[],
  options: RuntimeRunOptions = {},
): Promise<RuntimeRun> {
  const cwd = makeScratchDir("runtime-");
  context.defer(async () => removeScratchDir(cwd));
  let sent: RuntimeRequest | string | undefined;
  const run = await runTargetWithPeer(
    context,
    { role: "adapter", actions },
    {
      shimEnv: "ACP_CONFORMANCE_AGENT",
      // A result event carries up to 2 MiB of output and 2 MiB of stderr, JSON-escaped.
      maxLineBytes: 16 * 1024 * 1024,
      timeoutMs: context.options.hostTimeoutMs,
      ...(options.whileRunning ? { whileRunning: options.whileRunning } : {}),
      stdin(shim) {
        const request: RuntimeRequest = {
          protocolVersion: 1,
          transport: "stdio",
          command: shim.path,
          args: [],
          cwd,
          timeoutMs: requestTimeoutMs(context.options),
          task: TASK,
        };
        sent = options.request ? options.request(request) : request;
        return typeof sent === "string" ? sent : JSON.stringify(sent);
      },
    },
  );
  const parsed = run.lines.map((line) => {
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      value = undefined;
    }
    return { ...line, value };
  });
  return { ...run, parsed, agentStarted: run.events.length > 0, request: sent };
}

function eventOf(line: { value: unknown } | undefined): Record<string, unknown> | undefined {
  return line && typeof line.value === "object" && line.value !== null && !Array.isArray(line.value)
    ? (line.value as Record<string, unknown>)
    : undefined;
}

/** The last stdout line as an event, when it is one. */
export function lastEvent(run: RuntimeRun): Record<string, unknown> | undefined {
  return eventOf(run.parsed.at(-1));
}

/** The texts of the runtime's message events, in order. */
export function messageTexts(run: RuntimeRun): string[] {
  return run.parsed.flatMap((line) => {
    const event = eventOf(line);
    return event?.type === "message" && typeof event.text === "string" ? [event.text] : [];
  });
}

/** The run ended with a result event and exit 0, by itself, in time. */
export function completed(run: RuntimeRun): boolean {
  return !run.timedOut && run.exit?.code === 0 && lastEvent(run)?.type === "result";
}

/** The run ended with an error event and a nonzero exit, by itself, in time. */
export function failedWithError(run: RuntimeRun): boolean {
  return !run.timedOut && run.exit !== undefined && run.exit.code !== 0 && lastEvent(run)?.type === "error";
}

export function describeRuntimeRun(run: RuntimeRun): string {
  if (run.timedOut) return "the runtime was still running at --host-timeout";
  const last = lastEvent(run);
  const ending = last
    ? `its last event was ${JSON.stringify(last).slice(0, 160)}`
    : run.lines.length > 0
      ? `its last line was ${JSON.stringify(run.lines.at(-1)!.text.slice(0, 120))}`
      : "it wrote nothing";
  const exit = !run.exit
    ? "its exit was not seen"
    : run.exit.code !== null
      ? `it exited with code ${run.exit.code}`
      : `it was killed by ${run.exit.signal}`;
  return `${exit}; ${ending}`;
}
