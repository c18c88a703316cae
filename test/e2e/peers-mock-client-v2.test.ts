/**
 * The mock client's ACP v2 profile (protocolVersion: 2) against real v2 agents built with the
 * SDK's own v2 agent builder, an independent judge: the SDK parses every request of ours with
 * the v2 schema and answers a malformed one with an error. In-process over streams (a whole
 * turn with resume and close, a cancel, a permission answered and one withdrawn), and as a process through the
 * CLI's peer command; plus the script errors for what v2 removed, and a v1 agent's refusal.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ClientScript,
  mockAgent,
  mockClient,
  ObservationLog,
  type PeerEvent,
  type PeerScript,
  ScriptError,
} from "../../peers/index.js";
import { type AgentRecord, spawnedAgentSource, tinyV2Agent } from "./tiny-v2-agents.js";

const root = join(import.meta.dirname, "../..");
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Runs a v2 client script against the tiny agent in this process; returns the client's log and what the agent saw. */
async function againstTinyAgent(script: Omit<ClientScript, "role">) {
  const record: AgentRecord = { permissionOutcomes: [], cancelled: [], calls: [] };
  const client = mockClient({ protocolVersion: 2, ...script });
  cleanups.push(() => client.close());
  const { writable, readable } = client.connect();
  const connection = tinyV2Agent(record).connect(v2.ndJsonStream(writable, readable));
  await client.log.waitFor((event) => event.kind === "ended", { timeoutMs: 60_000 });
  await connection.closed;
  return { log: client.log, record };
}

function sentRequest(log: ObservationLog, method: string): Record<string, unknown> | undefined {
  for (const event of log.ofKind("sent")) {
    const frame = JSON.parse(event.text) as { method?: string; params?: Record<string, unknown> };
    if (frame.method === method) return frame.params;
  }
  return undefined;
}

const kinds = (updates: unknown[]) =>
  updates.map((update) => {
    const { sessionUpdate, state } = update as { sessionUpdate: string; state?: string };
    return state ? `${sessionUpdate}:${state}` : sessionUpdate;
  });

describe("the mock client's v2 profile", () => {
  it("plays a whole v2 turn, then resumes with replay and closes, all accepted by the SDK's v2 agent", async () => {
    const { log } = await againstTinyAgent({
      clientInfo: { name: "my-tests", version: "1.0.0" },
      steps: [
        { initialize: {} },
        { newSession: { cwd: "/tmp" } },
        { prompt: { text: "hello" } },
        { resumeSession: { replayFrom: { type: "start" } } },
        { closeSession: {} },
      ],
    });
    expect(sentRequest(log, "initialize")).toEqual({
      protocolVersion: 2,
      info: { name: "my-tests", version: "1.0.0" },
      capabilities: {},
    });
    expect(log.ofKind("profile")).toMatchObject([{ requested: 2, agreed: 2 }]);
    // Every request was answered with a result: none was malformed for the SDK's v2 parser.
    const responses = log.ofKind("response");
    expect(responses.map((event) => [event.method, event.error])).toEqual([
      ["initialize", undefined],
      ["session/new", undefined],
      ["session/prompt", undefined],
      ["session/resume", undefined],
      ["session/close", undefined],
    ]);
    const [turn] = log.ofKind("turn");
    expect(turn).toMatchObject({ sessionId: "session-1", stopReason: "end_turn" });
    expect(turn?.messageId).toBe(
      responses[2]?.result && (responses[2].result as { messageId: string }).messageId,
    );
    expect(kinds(turn!.updates)).toEqual([
      "user_message",
      "state_update:running",
      "agent_message",
      "state_update:idle",
    ]);
    expect(sentRequest(log, "session/resume")).toMatchObject({
      sessionId: "session-1",
      replayFrom: { type: "start" },
    });
    // The resume replayed the turn's messages before it answered.
    const userMessages = log
      .receivedMessages()
      .filter(
        (frame) =>
          (frame.params as { update?: { sessionUpdate?: string } })?.update?.sessionUpdate === "user_message",
      );
    expect(userMessages).toHaveLength(2);
    expect(sentRequest(log, "session/close")).toEqual({ sessionId: "session-1" });
  });

  it("logs in and out with auth/login and auth/logout, and sends config values in v2's shape", async () => {
    const { log, record } = await againstTinyAgent({
      steps: [
        { initialize: {} },
        { authenticate: { methodId: "token" } },
        { newSession: { cwd: "/tmp" } },
        { setConfigOption: { configId: "mode", value: "code" } },
        { setConfigOption: { configId: "fast", value: true } },
        { logout: {} },
      ],
    });
    expect(log.ofKind("response").filter((event) => event.error !== undefined)).toEqual([]);
    expect(record.calls).toEqual([
      ["auth/login", "token"],
      ["session/set_config_option", "mode", "id", "code"],
      ["session/set_config_option", "fast", "boolean", true],
      ["auth/logout"],
    ]);
  });

  it("does not take an idle snapshot without a stop reason, before the turn's work, for the turn's end", async () => {
    const { log } = await againstTinyAgent({
      steps: [{ initialize: {} }, { newSession: { cwd: "/tmp" } }, { prompt: { text: "snapshot first" } }],
    });
    const [turn] = log.ofKind("turn");
    expect(turn?.stopReason).toBe("end_turn");
    expect(kinds(turn!.updates)).toEqual([
      "state_update:idle",
      "user_message",
      "state_update:running",
      "agent_message",
      "state_update:idle",
    ]);
  });

  it("cancels a turn and waits for its idle state_update with stopReason cancelled", async () => {
    const { log, record } = await againstTinyAgent({
      steps: [
        { initialize: {} },
        { newSession: { cwd: "/tmp" } },
        { prompt: { text: "wait for cancel", cancelAfterFirstUpdate: true } },
      ],
    });
    expect(log.ofKind("cancel")).toMatchObject([{ sessionId: "session-1" }]);
    expect(record.cancelled).toEqual(["session-1"]);
    expect(log.ofKind("turn")).toMatchObject([{ sessionId: "session-1", stopReason: "cancelled" }]);
  });

  it("answers a permission request with v2's RequestPermissionResponse", async () => {
    const { log, record } = await againstTinyAgent({
      permission: { answer: "allow_once" },
      steps: [{ initialize: {} }, { newSession: { cwd: "/tmp" } }, { prompt: { text: "ask permission" } }],
    });
    const outcome = { outcome: "selected", optionId: "yes" };
    expect(log.ofKind("permission")).toMatchObject([{ toolCallId: "call-1", outcome }]);
    expect(record.permissionOutcomes).toEqual([outcome]);
    const [turn] = log.ofKind("turn");
    expect(turn?.stopReason).toBe("end_turn");
    expect(turn?.updates).toContainEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "call-1",
      status: "completed",
    });
  });

  it("answers a permission request it left unanswered with cancelled when the agent withdraws it", async () => {
    const { log, record } = await againstTinyAgent({
      permission: { answer: "never" },
      steps: [
        { initialize: {} },
        { newSession: { cwd: "/tmp" } },
        { prompt: { text: "ask permission", cancelAfterFirstUpdate: true } },
      ],
    });
    expect(log.ofKind("permission")).toMatchObject([
      { toolCallId: "call-1", outcome: undefined },
      { toolCallId: "call-1", outcome: { outcome: "cancelled" } },
    ]);
    expect(record.permissionOutcomes).toEqual([{ outcome: "cancelled" }]);
    expect(log.ofKind("turn")).toMatchObject([{ stopReason: "cancelled" }]);
  });

  it("stops after initialize when the agent agrees only v1, and records the profile it got", async () => {
    const agent = mockAgent({});
    const client = mockClient({
      protocolVersion: 2,
      steps: [{ initialize: {} }, { newSession: { cwd: "/tmp" } }],
    });
    cleanups.push(
      () => agent.close(),
      () => client.close(),
    );
    const agentSide = agent.connectNode();
    const clientSide = client.connectNode();
    clientSide.output.pipe(agentSide.input);
    agentSide.output.pipe(clientSide.input);
    await client.log.waitFor((event) => event.kind === "ended");
    expect(client.log.ofKind("profile")).toMatchObject([{ requested: 2, agreed: 1 }]);
    expect(sentRequest(client.log, "session/new")).toBeUndefined();
  });

  it("refuses at load time what v2 removed, and v2's replayFrom in a v1 script, saying what to use", () => {
    const load = (script: Omit<ClientScript, "role">) => () => mockClient(script);
    expect(load({ protocolVersion: 2, steps: [{ loadSession: {} }] })).toThrow(
      /\/steps\/0\/loadSession: ACP v2 removed session\/load: use .*resumeSession.*replayFrom/,
    );
    expect(load({ protocolVersion: 2, steps: [{ setMode: { modeId: "ask" } }] })).toThrow(/setConfigOption/);
    expect(
      load({
        protocolVersion: 2,
        clientCapabilities: { fs: { readTextFile: true } },
        fs: { files: {} },
        steps: [],
      }),
    ).toThrow(/\/clientCapabilities\/fs is not in ACP v2[\s\S]*\/fs has nothing to serve[\s\S]*MCP server/);
    expect(load({ protocolVersion: 2, terminal: { mode: "simulated" }, steps: [] })).toThrow(ScriptError);
    expect(load({ steps: [{ resumeSession: { replayFrom: { type: "start" } } }] })).toThrow(
      /replayFrom is ACP v2's.*"protocolVersion": 2/,
    );
  });

  it("runs as a process: acp-conformance peer client --script, spawning a v2 agent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "acp-mock-client-v2-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sdk = pathToFileURL(
      createRequire(import.meta.url).resolve("@agentclientprotocol/sdk/experimental/v2"),
    );
    writeFileSync(join(dir, "agent.mjs"), spawnedAgentSource(sdk.href));
    const script: PeerScript = {
      role: "client",
      protocolVersion: 2,
      steps: [{ initialize: {} }, { newSession: { cwd: dir } }, { prompt: { text: "hi" } }],
    };
    writeFileSync(join(dir, "script.json"), JSON.stringify(script));
    const cli = join(root, "dist/bin/acp-conformance.js");
    const args = [cli, "peer", "client", "--script", "script.json", "--log", "events.ndjson"];
    const child = spawn(process.execPath, [...args, "--", process.execPath, "agent.mjs"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
    const log = new ObservationLog();
    for (const line of readFileSync(join(dir, "events.ndjson"), "utf8").trim().split("\n"))
      log.events.push(JSON.parse(line) as PeerEvent);
    expect(log.ofKind("profile")).toMatchObject([{ requested: 2, agreed: 2 }]);
    expect(log.ofKind("turn")).toMatchObject([{ stopReason: "end_turn", messageId: "m1" }]);
  });
});
