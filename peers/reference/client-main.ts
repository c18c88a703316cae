#!/usr/bin/env node
/**
 * The bundled reference client: a small, conformant ACP client on the official SDK, and what
 * `acp-conformance client` tests when no command is given.
 *
 *   client-main.js <agent executable> [prompt text] [--timeout ms]
 *
 * It starts the agent in its own process group, runs one prompt turn, prints the agent's
 * message text, and exits 0 on end_turn, 1 on any failure. It advertises no fs or terminal,
 * rejects permission requests, gives up after --timeout, and always ends the agent's whole
 * group: stdin closed first, then SIGTERM, then SIGKILL. When ACP_CONFORMANCE_SCENARIO names the
 * kit's cancel-while-asking scenario, it cancels the turn while a permission request is open.
 */
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { KIT_VERSION } from "../../kit/version.js";

const args = process.argv.slice(2);
const timeoutIndex = args.indexOf("--timeout");
const timeoutMs = timeoutIndex === -1 ? 10_000 : Number(args.splice(timeoutIndex, 2)[1]);
const [agentPath, promptText = "Hello from the acp-conformance reference client."] = args;
if (!agentPath) {
  process.stderr.write("usage: client-main.js <agent executable> [prompt text] [--timeout ms]\n");
  process.exit(2);
}

const agent = spawn(agentPath, [], { stdio: ["pipe", "pipe", "pipe"], detached: true });
agent.stderr.resume(); // drain: an agent that logs a lot must never block on a full pipe
agent.stdin.on("error", () => {});
const agentExited = new Promise<void>((resolve) => agent.once("exit", () => resolve()));
const wait = (ms: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref());

async function stopAgent(): Promise<void> {
  agent.stdin.end();
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-agent.pid!, signal);
    } catch {
      // the group is gone
    }
  };
  if (!(await Promise.race([agentExited.then(() => true), wait(2_000)]))) {
    signalGroup("SIGTERM");
    if (!(await Promise.race([agentExited.then(() => true), wait(2_000)]))) signalGroup("SIGKILL");
  }
  signalGroup("SIGKILL"); // whatever the agent started in its group
}

async function runTurn(): Promise<string> {
  let sessionId: string | undefined;
  let text = "";
  const client = acp
    .client({ name: "acp-conformance-reference-client" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      // Only this session's output is this turn's output.
      if (params.sessionId !== sessionId) return;
      if (params.update.sessionUpdate === "agent_message_chunk" && params.update.content.type === "text") text += params.update.content.text;
    })
    .onRequest(acp.methods.client.session.requestPermission, async ({ params, agent: connection }) => {
      // A test hook: in this scenario the user "presses cancel" while the question is open.
      if (process.env.ACP_CONFORMANCE_SCENARIO === "client.permission.cancel-while-asking") {
        await connection.notify(acp.methods.agent.session.cancel, { sessionId: params.sessionId });
        return { outcome: { outcome: "cancelled" } };
      }
      const reject = params.options.find((option) => option.kind === "reject_once" || option.kind === "reject_always");
      return { outcome: reject ? { outcome: "selected", optionId: reject.optionId } : { outcome: "cancelled" } };
    });
  const stream = acp.ndJsonStream(Writable.toWeb(agent.stdin) as WritableStream<Uint8Array>, Readable.toWeb(agent.stdout) as ReadableStream<Uint8Array>);
  return client.connectWith(stream, async (connection) => {
    const init = await connection.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
      clientInfo: { name: "acp-conformance-reference-client", version: KIT_VERSION },
    });
    if (init.protocolVersion !== acp.PROTOCOL_VERSION) throw new Error(`the agent speaks ACP protocol version ${init.protocolVersion}; this client speaks ${acp.PROTOCOL_VERSION}`);
    ({ sessionId } = await connection.request(acp.methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] }));
    const { stopReason } = await connection.request(acp.methods.agent.session.prompt, { sessionId: sessionId!, prompt: [{ type: "text", text: promptText }] });
    if (stopReason !== "end_turn") throw new Error(`the turn ended with ${stopReason}`);
    return text;
  });
}

let code = 1;
try {
  const outcome = await Promise.race([runTurn(), agentExited.then(() => Promise.reject(new Error("the agent exited during the turn"))), wait(timeoutMs)]);
  if (outcome === false) throw new Error(`the agent did not finish the turn within ${timeoutMs} ms`);
  process.stdout.write(`${outcome}\n`);
  code = 0;
} catch (error) {
  process.stderr.write(`acp-conformance reference client: ${(error as Error).message}\n`);
}
await stopAgent();
process.exit(code);
