// Example: the same mock agent as a real process, for code under test that spawns its agent.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { mockAgent } from "acp-conformance/peers";

test("the spawned mock agent answers initialize and exits when its stdin ends", async () => {
  const agent = mockAgent({ initialize: { agentInfo: { name: "spawned", version: "1.0.0" } } });
  const { command, args } = agent.spawnCommand();
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();

  child.stdin.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } })}\n`,
  );
  const init = JSON.parse((await lines.next()).value);
  assert.deepEqual(init.result.agentInfo, { name: "spawned", version: "1.0.0" });

  child.stdin.end();
  assert.equal(await exited, 0);
  // What the process saw and did, read back from its event log.
  assert.ok(agent.readSpawnedLog().events.some((event) => event.kind === "received"));
  await agent.close();
});
