// Example: the mock client drives your agent (spawned) through sessions, fs and $/cancel_request.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { mockClient } from "acp-conformance/peers";

// The agent under test: here the reference agent acp-conformance ships. Put your agent's command.
const kit = dirname(createRequire(import.meta.url).resolve("acp-conformance/package.json"));
const agent = [process.execPath, join(kit, "dist/peers/reference/agent-main.js")];

test("the agent reads through the client, lists and resumes its session, and honours $/cancel_request", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "acp-example-"));
  const client = mockClient({
    clientCapabilities: { fs: { readTextFile: true } },
    fs: { files: { "notes.txt": "hello from the mock client\n" } },
    steps: [
      { initialize: {} },
      { newSession: { cwd, as: "main" } },
      { prompt: { text: "acp-conformance: read file notes.txt" } },
      { setMode: { modeId: "code" } },
      { listSessions: { cwd } },
      { resumeSession: { session: "main" } },
      { prompt: { text: "acp-conformance: long turn", await: false } },
      { delay: 200 },
      { cancelRequest: { method: "session/prompt" } },
      { closeSession: { session: "main" } },
    ],
  });
  const { command, args } = client.spawnCommand({ agent });
  // HOME: the reference agent keeps its sessions there; this keeps them in the scratch directory.
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, HOME: cwd } });
  assert.equal(await new Promise((resolve) => child.once("exit", resolve)), 0);

  const log = client.readSpawnedLog();
  const answers = (method) => log.ofKind("response").filter((event) => event.method === method);
  assert.deepEqual(
    log.ofKind("fs").map((event) => event.ok),
    [true],
  );
  assert.equal(answers("session/list")[0].result.sessions.length, 1);
  assert.deepEqual(answers("session/resume")[0].result, {});
  assert.deepEqual(answers("session/prompt").at(-1).result, { stopReason: "cancelled" });
  assert.deepEqual(answers("session/close")[0].result, {});
  await client.close();
  rmSync(cwd, { recursive: true, force: true });
});
