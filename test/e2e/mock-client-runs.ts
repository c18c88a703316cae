/** Runs a mock client script against the bundled reference agent, in this process or through the CLI's peer command. */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { expect } from "vitest";
import { type ClientScript, mockClient, ObservationLog, type PeerEvent } from "../../peers/index.js";
import { createReferenceAgent } from "../../peers/reference/agent.js";

const root = join(import.meta.dirname, "../..");
const dirs: string[] = [];
/** Removes the directories scratch() made (call from afterEach). */
export function removeScratchDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "acp-mock-client-"));
  dirs.push(dir);
  return dir;
}

/** Runs the script against the reference agent in this process; returns the client's log. */
export async function inProcess(script: Omit<ClientScript, "role">): Promise<ObservationLog> {
  const client = mockClient(script);
  const { writable, readable } = client.connect();
  const connection = createReferenceAgent().connect(acp.ndJsonStream(writable, readable));
  await client.log.waitFor((event) => event.kind === "ended", { timeoutMs: 60_000 });
  await connection.closed;
  await client.close();
  return client.log;
}

/** Runs the script with the CLI's peer command, which spawns the reference agent itself. */
export async function spawned(script: Omit<ClientScript, "role">, home: string): Promise<ObservationLog> {
  const dir = scratch();
  writeFileSync(join(dir, "script.json"), JSON.stringify({ role: "client", ...script }));
  const args = [join(root, "dist/bin/acp-conformance.js"), "peer", "client", "--script", "script.json"];
  args.push(
    "--log",
    "events.ndjson",
    "--",
    process.execPath,
    join(root, "dist/peers/reference/agent-main.js"),
  );
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, HOME: home },
    stdio: "ignore",
  });
  expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
  const log = new ObservationLog();
  for (const line of readFileSync(join(dir, "events.ndjson"), "utf8").trim().split("\n"))
    log.events.push(JSON.parse(line) as PeerEvent);
  return log;
}
