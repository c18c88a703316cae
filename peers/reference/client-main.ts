#!/usr/bin/env node
/**
 * The bundled reference client: a small, conformant ACP client on the official SDK, and what
 * `acp-conformance client` tests when no command is given.
 *
 *   client-main.js <agent executable> [prompt text] [--timeout ms] [--session id] [--add-dir path]...
 *
 * It runs one prompt turn (see acp-turn.ts: the agent in its own process group, fs and
 * terminal advertised and served, permission requests rejected, the agent's whole group ended at the
 * end), prints the agent's message text, and exits 0 on end_turn, 1 on any failure. It asks
 * for ACP v2 and speaks v2 to an agent that answers 2 (v2/client-turn-v2.ts), v1 to one that answers 1. What it
 * does with the session methods the agent advertises (--session, --add-dir) is client-sessions.ts.
 */
import { startAcpTurn } from "./acp-turn.js";
import { TurnSessions, takeSessionOptions } from "./client-sessions.js";

const args = process.argv.slice(2);
const timeoutIndex = args.indexOf("--timeout");
const timeoutMs = timeoutIndex === -1 ? 10_000 : Number(args.splice(timeoutIndex, 2)[1]);
const sessions = new TurnSessions(takeSessionOptions(args));
const [agentPath, promptText = "Hello from the acp-conformance reference client."] = args;
if (!agentPath) {
  process.stderr.write("usage: client-main.js <agent executable> [prompt text] [--timeout ms]\n");
  process.exit(2);
}

const turn = startAcpTurn({
  command: agentPath,
  prompt: promptText,
  timeoutMs,
  clientName: "acp-conformance-reference-client",
  sessions,
  offerV2: true, // asks for ACP v2, and speaks v1 to an agent that answers 1 (v2/client-turn-v2.ts)
});
let code = 1;
try {
  process.stdout.write(`${await turn.text}\n`);
  code = 0;
} catch (error) {
  process.stderr.write(`acp-conformance reference client: ${(error as Error).message}\n`);
}
await turn.stop();
process.exit(code);
