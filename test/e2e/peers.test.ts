/**
 * The scripted peers: the same script and seed give the same frames, in-process and spawned;
 * faults are applied; fs is confined; spawned descendants are reported and cleaned up.
 */
import { spawn } from "node:child_process";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import {
  mockAgent,
  mockClient,
  type AgentScript,
  type ClientScript,
  type MockPeer,
  type PeerEvent,
  type PeerScript,
} from "../../peers/index.js";
import { createReferenceAgent } from "../../peers/reference/agent.js";
import { processInfo } from "../../kit/process/tree.js";

const AGENT: Omit<AgentScript, "role"> = {
  seed: 3,
  prompts: [
    {
      match: "tool",
      actions: [
        { thought: "Let me check." },
        { toolCall: { toolCallId: "t1", title: "Read a file", kind: "read", status: "pending" } },
        { requestPermission: { toolCallId: "t1", as: "read" } },
        {
          ifPermission: {
            as: "read",
            outcome: "allowed",
            then: [
              { readFile: { path: "notes.txt" } },
              { toolCallUpdate: { toolCallId: "t1", status: "completed" } },
            ],
            else: [{ toolCallUpdate: { toolCallId: "t1", status: "failed" } }],
          },
        },
        { plan: [{ content: "done", priority: "low", status: "completed" }] },
        { stop: "end_turn" },
      ],
    },
    {
      actions: [
        { message: "Hello" },
        { foreignUpdate: { text: "canary-for-another-session" } },
        { stop: "end_turn" },
      ],
    },
  ],
};

const CLIENT: Omit<ClientScript, "role"> = {
  seed: 3,
  clientCapabilities: { fs: { readTextFile: true, writeTextFile: false } },
  permission: { answer: "allow_once" },
  fs: { files: { "notes.txt": "the notes" } },
  steps: [
    { initialize: {} },
    { newSession: { cwd: "/tmp/acp-conformance-peers" } },
    { prompt: { text: "use the tool" } },
    { prompt: { text: "hi" } },
  ],
};

const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});
function track<P extends MockPeer<PeerScript>>(peer: P): P {
  peers.push(peer);
  return peer;
}

/** Mock client and mock agent wired to each other in this process. */
async function inProcessPair() {
  const agent = track(mockAgent(AGENT));
  const client = track(mockClient(CLIENT));
  const agentSide = agent.connectNode();
  const clientSide = client.connectNode();
  clientSide.output.pipe(agentSide.input);
  agentSide.output.pipe(clientSide.input);
  const exited = (event: PeerEvent) => event.kind === "ended" && event.how === "exit";
  await agent.log.waitFor(exited, { description: "the agent to exit after the client left" });
  await client.log.waitFor(exited, { description: "the client to exit after its steps" });
  return { agent: agent.log.canonical(), client: client.log.canonical() };
}

/** The same pair as real processes: the spawned mock client spawns the spawned mock agent. */
async function spawnedPair() {
  const agent = track(mockAgent(AGENT));
  const client = track(mockClient(CLIENT));
  const agentCommand = agent.spawnCommand();
  const { command, args } = client.spawnCommand({ agent: [agentCommand.command, ...agentCommand.args] });
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(0);
  return { agent: agent.readSpawnedLog().canonical(), client: client.readSpawnedLog().canonical() };
}

describe("scripted peers", () => {
  it("give the same frames for the same script and seed, in-process and spawned", async () => {
    const first = await inProcessPair();
    const second = await inProcessPair();
    expect(second).toEqual(first);
    const spawned = await spawnedPair();
    const spawnedAgain = await spawnedPair();
    expect(spawnedAgain).toEqual(spawned);
    expect(spawned).toEqual(first);
    // And the log says what happened: the client allowed the tool, served the file, saw the canary.
    const events = first.agent as Array<Record<string, unknown>>;
    expect(events.filter((event) => event.kind === "permission")).toEqual([
      { kind: "permission", toolCallId: "t1", outcome: { outcome: "selected", optionId: "allow" } },
    ]);
    expect(events.filter((event) => event.kind === "fs")).toEqual([
      { kind: "fs", method: "fs/read_text_file", path: "/tmp/acp-conformance-peers/notes.txt", ok: true },
    ]);
    expect(JSON.stringify(first.client)).toContain("canary-for-another-session");
  });

  it("a mock client drives the SDK-based reference agent in-process", async () => {
    const client = track(
      mockClient({
        steps: [
          { initialize: {} },
          { newSession: { cwd: "/tmp" } },
          { prompt: { text: "acp-conformance: long turn", cancelAfterMs: 300 } },
        ],
      }),
    );
    const { writable, readable } = client.connect();
    const connection = createReferenceAgent().connect(acp.ndJsonStream(writable, readable));
    await client.log.waitFor((event) => event.kind === "ended");
    await connection.closed;
    const prompt = client.log.ofKind("response").find((event) => event.method === "session/prompt");
    expect(prompt?.result).toEqual({ stopReason: "cancelled" });
  });

  it("applies wire faults: a frame split into pieces still parses, a duplicated response is sent twice", async () => {
    const agent = track(
      mockAgent({ faults: { split: { pieces: 5, delayMs: 5 }, duplicateResponses: true } }),
    );
    const { command, args } = agent.spawnCommand();
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stdin.end(
      `${JSON.stringify({ jsonrpc: "2.0", id: 9, method: "initialize", params: { protocolVersion: 1 } })}\n`,
    );
    await new Promise((resolve) => child.once("close", resolve)); // close, not exit: stdout may still hold data at exit
    const lines = Buffer.concat(chunks).toString("utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([9, 9]);
    expect(chunks.length).toBeGreaterThanOrEqual(5);
  });

  it("delays its initialize answer by initialize.delayMs, answering what came after it meanwhile", async () => {
    const agent = track(mockAgent({ initialize: { delayMs: 300 } }));
    const { command, args } = agent.spawnCommand();
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    const started = Date.now();
    child.stdin.end(
      [
        { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } },
        { jsonrpc: "2.0", id: 2, method: "session/new", params: { cwd: "/tmp", mcpServers: [] } },
      ]
        .map((frame) => `${JSON.stringify(frame)}\n`)
        .join(""),
    );
    await new Promise((resolve) => child.once("close", resolve));
    const lines = Buffer.concat(chunks).toString("utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([2, 1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("applies explicit cuts write by write: the listed write in pieces at those offsets, the next one whole", async () => {
    const agent = track(mockAgent({ faults: { cuts: [{ at: [1, 20], delaysMs: [20, 20] }] } }));
    const { input, output } = agent.connectNode();
    const chunks: Buffer[] = [];
    const lines = () => Buffer.concat(chunks).toString("utf8").split("\n").length - 1;
    const linesRead = (count: number) =>
      new Promise<void>((resolve) => output.on("data", () => lines() >= count && resolve()));
    output.on("data", (chunk: Buffer) => chunks.push(chunk));
    const frame = (id: number) =>
      `${JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: 1 } })}\n`;
    input.write(frame(1));
    await linesRead(1);
    input.write(frame(2));
    await linesRead(2);
    const [first, second] = agent.log.ofKind("sent").map((event) => Buffer.byteLength(`${event.text}\n`));
    expect(chunks.map((chunk) => chunk.length)).toEqual([1, 19, first! - 20, second]);
    expect(
      Buffer.concat(chunks)
        .toString("utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).id),
    ).toEqual([1, 2]);
  });

  it("confines fs to the session cwd and refuses what was not advertised", async () => {
    const agent = track(
      mockAgent({
        prompts: [
          {
            actions: [
              { readFile: { path: "/etc/passwd" } },
              { writeFile: { path: "out.txt", content: "x" } },
              { stop: "end_turn" },
            ],
          },
        ],
      }),
    );
    const client = track(
      mockClient({
        ...CLIENT,
        steps: [
          { initialize: {} },
          { newSession: { cwd: "/tmp/acp-conformance-peers" } },
          { prompt: { text: "go" } },
        ],
      }),
    );
    const agentSide = agent.connectNode();
    const clientSide = client.connectNode();
    clientSide.output.pipe(agentSide.input);
    agentSide.output.pipe(clientSide.input);
    await agent.log.waitFor((event) => event.kind === "ended");
    expect(client.log.ofKind("fs").map(({ method, ok }) => ({ method, ok }))).toEqual([
      { method: "fs/read_text_file", ok: false },
      { method: "fs/write_text_file", ok: false },
    ]);
  });

  it("reports the pids of descendants it spawns, and close() ends them", async () => {
    const agent = track(mockAgent({ faults: { spawnDescendants: [{ setsid: true }, { setsid: false }] } }));
    agent.connectNode();
    const spawned = agent.log.ofKind("spawned");
    expect(spawned.map((event) => event.setsid)).toEqual([true, false]);
    for (const event of spawned) expect(processInfo(event.pid)).toBeDefined();
    await agent.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const event of spawned) expect(processInfo(event.pid)).toBeUndefined();
  });

  it("runs terminals for real when the script says so", async () => {
    const agent = track(
      mockAgent({
        prompts: [
          {
            actions: [
              { terminal: { command: "sh", args: ["-c", "echo from-a-real-shell; exit 3"] } },
              { stop: "end_turn" },
            ],
          },
        ],
      }),
    );
    const client = track(
      mockClient({
        clientCapabilities: { terminal: true },
        terminal: { mode: "real" },
        steps: [{ initialize: {} }, { newSession: { cwd: "/tmp" } }, { prompt: { text: "run it" } }],
      }),
    );
    const agentSide = agent.connectNode();
    const clientSide = client.connectNode();
    clientSide.output.pipe(agentSide.input);
    agentSide.output.pipe(clientSide.input);
    await agent.log.waitFor((event) => event.kind === "ended" && event.how === "exit");
    const terminal = agent.log.ofKind("terminal");
    expect(terminal.map((event) => event.method)).toEqual([
      "terminal/create",
      "terminal/wait_for_exit",
      "terminal/output",
      "terminal/release",
    ]);
    expect(terminal[1]?.detail).toEqual({ exitCode: 3, signal: null });
    expect(terminal[2]?.detail).toMatchObject({ output: "from-a-real-shell\n" });
  });
});
