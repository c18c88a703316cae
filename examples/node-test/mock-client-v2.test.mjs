// Example: the mock client speaks the ACP v2 draft (protocolVersion: 2) to your v2 agent, in-process.
import assert from "node:assert/strict";
import { test } from "node:test";
import { agent, ndJsonStream } from "@agentclientprotocol/sdk/experimental/v2";
import { mockClient } from "acp-conformance/peers";

// The agent under test: here a tiny agent made with the SDK's v2 builder. Put yours.
function myAgent() {
  return agent({ name: "my-agent" })
    .onRequest("initialize", () => ({
      protocolVersion: 2,
      info: { name: "my-agent", version: "1.0.0" },
      capabilities: { session: {} },
    }))
    .onRequest("session/new", () => ({ sessionId: "s1" }))
    .onRequest("session/prompt", ({ params, client }) => {
      const update = (u) => client.notify("session/update", { sessionId: params.sessionId, update: u });
      // The response only acknowledges the prompt; the turn runs after it and ends at idle.
      setImmediate(async () => {
        await update({ sessionUpdate: "user_message", messageId: "m1", content: params.prompt });
        await update({ sessionUpdate: "state_update", state: "running" });
        await update({
          sessionUpdate: "agent_message",
          messageId: "m2",
          content: [{ type: "text", text: "hi" }],
        });
        await update({ sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" });
      });
      return { messageId: "m1" };
    });
}

test("a v2 turn is acknowledged, then ends at the agent's idle state_update", async () => {
  const client = mockClient({
    protocolVersion: 2,
    steps: [{ initialize: {} }, { newSession: { cwd: process.cwd() } }, { prompt: { text: "hello" } }],
  });
  const { writable, readable } = client.connect();
  const connection = myAgent().connect(ndJsonStream(writable, readable));
  await client.log.waitFor((event) => event.kind === "ended");
  await connection.closed;

  assert.equal(client.log.ofKind("profile")[0].agreed, 2);
  const [turn] = client.log.ofKind("turn");
  assert.equal(turn.messageId, "m1");
  assert.equal(turn.stopReason, "end_turn");
  assert.deepEqual(
    turn.updates.map((update) => update.state ?? update.sessionUpdate),
    ["user_message", "running", "agent_message", "idle"],
  );
  await client.close();
});
