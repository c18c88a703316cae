/**
 * Client mode's harness: the client under test runs with `{agent}` naming the kit's scripted
 * agent, until it exits or --client-timeout passes; its tree's memory can be sampled. In
 * runtime mode the same scenarios test the runtime as an ACP client: instead of a command with
 * `{agent}`, the runtime gets a request with transport "acp" naming the scripted agent, and its
 * exit code and output are read the same way.
 */
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";
import { runTargetWithPeer, type PeerRun, type PeerRunOptions } from "../harness/run-with-peer.js";
import { stopIfPreflightBlocked, type ScenarioContext } from "../../kit/scenario.js";
import type { AgentScript } from "../../peers/script-types.js";
import { withSavedSession } from "./saved-session.js";

/** What one run of the client under test came to (see scenarios/harness/run-with-peer.ts). */
export type ClientRun = PeerRun;

export async function runClient(
  context: ScenarioContext,
  script: AgentScript,
  options: Pick<PeerRunOptions, "sampleMemory" | "whileRunning"> = {},
): Promise<ClientRun> {
  if (context.mode === "runtime") return runThroughRuntime(context, script, options);
  stopIfPreflightBlocked(context.preflight, "client-runs");
  const { script: withSaved, expand } = withSavedSession(context, script);
  return runTargetWithPeer(context, withSaved, {
    placeholder: "{agent}",
    expand,
    shimEnv: "ACP_CONFORMANCE_AGENT",
    timeoutMs: context.options.clientTimeoutMs,
    ...(context.preflight.staysAfterTurn ? { stopOnceAgentsEndedMs: STOP_AFTER_TURN_MS } : {}),
    ...options,
  });
}

/**
 * For a client the preflight saw stay after its turn: how long after its last agent ended (and
 * nothing else it started is left) the kit stops it. A position: a client that starts another
 * agent later than this, after the last one ended, is not waited for.
 */
const STOP_AFTER_TURN_MS = 1_000;

/** The runtime's own timeout for these turns: well inside --client-timeout, so a runtime that honours it gives up in time. */
function acpRequestTimeoutMs(clientTimeoutMs: number): number {
  return Math.max(1_000, Math.min(10_000, clientTimeoutMs - 5_000));
}

function runThroughRuntime(
  context: ScenarioContext,
  script: AgentScript,
  options: { sampleMemory?: boolean },
): Promise<ClientRun> {
  const cwd = makeScratchDir("runtime-");
  context.defer(async () => removeScratchDir(cwd));
  const request = (command: string) => ({
    protocolVersion: 1,
    transport: "acp",
    command,
    args: [],
    cwd,
    timeoutMs: acpRequestTimeoutMs(context.options.clientTimeoutMs),
    task: { id: "ACP-CONFORMANCE-ACP", request: "Hello from acp-conformance.", context: {}, messages: [] },
  });
  return runTargetWithPeer(context, script, {
    shimEnv: "ACP_CONFORMANCE_AGENT",
    timeoutMs: context.options.clientTimeoutMs,
    maxLineBytes: 16 * 1024 * 1024,
    stdin: (shim) => JSON.stringify(request(shim.path)),
    ...options,
  });
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
  if (run.stoppedAfterTurn)
    return `the client was still running ${STOP_AFTER_TURN_MS} ms after its agent ended (the kit then stopped it: in the preflight it stayed until --client-timeout after its turn)`;
  if (run.timedOut) return "the client was still running at --client-timeout";
  if (!run.exit) return "the client's exit was not seen";
  return run.exit.code !== null
    ? `the client exited with code ${run.exit.code}`
    : `the client was killed by ${run.exit.signal}`;
}

/** Messages the client sent to the mock agent, parsed, in order. */
export function clientMessages(run: ClientRun): Array<Record<string, unknown>> {
  return run.events.flatMap((event) =>
    event.kind === "received" && event.message && typeof event.message === "object"
      ? [event.message as Record<string, unknown>]
      : [],
  );
}
