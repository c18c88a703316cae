/**
 * Sends a signal to the target once its scripted peer has recorded something (the adapter got
 * its envelope, the agent asked for permission), and a moment more so the target has acted on
 * it: the way a person presses Ctrl-C while something is under way. The signal goes to the
 * target's own process, not its group, so the kit's peer lives on to see what the target does.
 */
import type { PeerEvent } from "../../peers/observation-log.js";
import type { TargetProcess } from "../../kit/process/target.js";
import { sleep } from "../../kit/time.js";
import type { PeerShim } from "./peer-shim.js";

/** Whether the signal was sent: not when the target exited, or `waitMs` passed, before the peer saw `happened`. */
export async function signalWhen(
  target: TargetProcess,
  shim: PeerShim,
  happened: (event: PeerEvent) => boolean,
  signal: NodeJS.Signals,
  waitMs: number,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  const seen = () => shim.events().some(happened);
  while (!seen() && target.alive && Date.now() < deadline) await sleep(50);
  if (!seen() || !target.alive) return false;
  await sleep(300);
  return target.signal(signal);
}
