// Example: the mock agent under node:test, speaking raw JSON-RPC lines (no SDK needed).
import assert from "node:assert/strict";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { mockAgent } from "acp-conformance/peers";

test("the mock agent answers initialize and refuses an unknown session", async () => {
  const agent = mockAgent({ initialize: { agentInfo: { name: "scripted", version: "2.0.0" } } });
  const { input, output } = agent.connectNode();
  const lines = createInterface({ input: output })[Symbol.asyncIterator]();
  const send = async (frame) => {
    input.write(`${JSON.stringify(frame)}\n`);
    return JSON.parse((await lines.next()).value);
  };

  const init = await send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } });
  assert.deepEqual(init.result.agentInfo, { name: "scripted", version: "2.0.0" });

  const prompt = await send({
    jsonrpc: "2.0",
    id: 2,
    method: "session/prompt",
    params: { sessionId: "nope", prompt: [] },
  });
  assert.equal(prompt.error.code, -32002);

  input.end();
  await agent.log.waitFor((event) => event.kind === "ended");
  await agent.close();
});
