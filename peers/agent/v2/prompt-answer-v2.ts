/**
 * A v2 script's `promptAnswer`: what the mock agent writes before it answers session/prompt (raw
 * lines, such as a response with an id the client never used, then a delay), and whether it
 * refuses the prompt with an error instead of accepting it. v2 answers the prompt at once, so
 * without this a client never waits on the prompt's answer long enough for anything to come first.
 */
import type { PeerWire } from "../../peer-wire.js";
import type { AgentScript } from "../../script-types.js";
import { sleep } from "../../sleep.js";

/** Writes the script's lines and waits its delay; when the script refuses the prompt, answers the error and returns true. */
export async function refusesPrompt(
  wire: PeerWire,
  script: AgentScript,
  requestId: unknown,
): Promise<boolean> {
  const { before = [], delayMs = 0, error } = script.promptAnswer ?? {};
  for (const line of before) {
    wire.writeRaw(Buffer.from(`${line}\n`));
    wire.log.add({ kind: "sent", text: line.slice(0, 64 * 1024) });
  }
  if (delayMs > 0) await sleep(delayMs);
  if (!error) return false;
  wire.send({ jsonrpc: "2.0", id: requestId, error });
  return true;
}
