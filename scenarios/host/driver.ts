/**
 * Host mode's harness (the kit plays the adapter): the host under test runs one task with
 * `{adapter}` naming the kit's scripted adapter, until it exits or --host-timeout passes.
 * How the kit reads the outcome: exit 0 is a completed task, a nonzero exit within
 * --host-timeout a failed one, and a message counts as shown when its text appears in the
 * host's stdout or stderr.
 */
import { runTargetWithPeer, type PeerRun, type PeerRunOptions } from "../harness/run-with-peer.js";
import { type ScenarioContext, stopIfPreflightBlocked } from "../../kit/scenario.js";
import type { AdapterAction, AdapterScript } from "../../peers/script-types.js";

export { nonce } from "../harness/nonce.js";

export type HostRun = PeerRun;

export function runHost(
  context: ScenarioContext,
  actions: AdapterAction[],
  options: Pick<PeerRunOptions, "whileRunning"> & { faults?: AdapterScript["faults"] } = {},
): Promise<HostRun> {
  stopIfPreflightBlocked(context.preflight, "tasks");
  const { knownDefects } = context.preflight;
  const script: AdapterScript = {
    role: "adapter",
    actions,
    ...(options.faults ? { faults: options.faults } : {}),
    // The preflight waited for EOF already and saw none: waiting again only shows it again.
    ...(knownDefects?.includes("host.framing.one-envelope-then-eof") ? { eofWaitMs: 0 } : {}),
  };
  return runTargetWithPeer(context, script, {
    placeholder: "{adapter}",
    shimEnv: "ACP_CONFORMANCE_ADAPTER",
    timeoutMs: context.options.hostTimeoutMs,
    ...(options.whileRunning ? { whileRunning: options.whileRunning } : {}),
  });
}

/** The host reported the task completed: it exited by itself, in time, with code 0. */
export function completed(run: HostRun): boolean {
  return !run.timedOut && run.exit?.code === 0;
}

/** The host reported the task failed: it exited by itself, in time, with a nonzero code. */
export function failed(run: HostRun): boolean {
  return !run.timedOut && run.exit !== undefined && run.exit.code !== null && run.exit.code !== 0;
}

export function shown(run: HostRun, text: string): boolean {
  return run.output.includes(text);
}

export function describeHostExit(run: HostRun): string {
  if (run.timedOut) return "the host was still running at --host-timeout";
  if (!run.exit) return "the host's exit was not seen";
  return run.exit.code !== null
    ? `the host exited with code ${run.exit.code}`
    : `the host was killed by ${run.exit.signal}`;
}
