/**
 * What the mock client serves the agent: fs from an in-memory tree or from the real files of
 * the session cwd (with unsaved buffers over them), terminals simulated or run for real in
 * process groups of their own that are killed at release and at the client's end (nothing
 * leaks, not even a descendant that left the group), and elicitation answered from the script,
 * only for an advertised mode. The reference agent uses fs and terminals; a mock agent elicits.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processInfo } from "../../kit/process/tree.js";
import {
  type AgentAction,
  type ClientScript,
  mockAgent,
  mockClient,
  type ObservationLog,
} from "../../peers/index.js";
import { COMMAND_OUTPUT, WRITTEN_TEXT } from "../../peers/reference/client-tools.js";
import { READ_FILE_PROMPT, RUN_COMMAND_PROMPT, WRITE_FILE_PROMPT } from "../../peers/reference/triggers.js";
import { inProcess, removeScratchDirs, scratch, spawned } from "./mock-client-runs.js";

afterEach(removeScratchDirs);

const RUNNERS = [
  { how: "in-process", run: (script: Omit<ClientScript, "role">) => inProcess(script) },
  { how: "spawned", run: (script: Omit<ClientScript, "role">) => spawned(script, scratch()) },
];

/** Everything the agent said in message chunks, joined. */
function said(log: ObservationLog): string {
  return log
    .receivedMessages()
    .map((frame) => (frame.params as { update?: { content?: { text?: string } } } | undefined)?.update)
    .map((update) => update?.content?.text ?? "")
    .join("");
}

const fsSteps = (cwd: string, prompts: string[]): ClientScript["steps"] => [
  { initialize: {} },
  { newSession: { cwd } },
  ...prompts.map((text) => ({ prompt: { text } })),
];
const FS = { fs: { readTextFile: true, writeTextFile: true } };

describe.each(RUNNERS)("the mock client serves the reference agent ($how)", ({ run }) => {
  it("fs from an in-memory tree: reads it, keeps writes in it, writes nothing to disk", async () => {
    const cwd = scratch();
    const log = await run({
      clientCapabilities: FS,
      fs: { files: { "notes.txt": "in memory\nsecond line\n" } },
      steps: fsSteps(cwd, [
        `${READ_FILE_PROMPT} notes.txt`,
        `${WRITE_FILE_PROMPT} out.txt`,
        `${READ_FILE_PROMPT} out.txt`,
      ]),
    });
    expect(log.ofKind("fs").map(({ t: _t, ...event }) => event)).toEqual([
      { kind: "fs", method: "fs/read_text_file", path: join(cwd, "notes.txt"), ok: true },
      {
        kind: "fs",
        method: "fs/write_text_file",
        path: join(cwd, "out.txt"),
        ok: true,
        content: WRITTEN_TEXT,
      },
      { kind: "fs", method: "fs/read_text_file", path: join(cwd, "out.txt"), ok: true },
    ]);
    expect(said(log)).toContain("is: in memory");
    expect(said(log)).toContain(`is: ${WRITTEN_TEXT.split("\n")[0]}`);
    expect(existsSync(join(cwd, "out.txt"))).toBe(false);
  }, 90_000);

  it("fs from the session directory on disk, unsaved buffers first, nothing outside it", async () => {
    const cwd = scratch();
    writeFileSync(join(cwd, "notes.txt"), "on disk\n");
    writeFileSync(join(cwd, "edited.txt"), "saved version\n");
    const log = await run({
      clientCapabilities: FS,
      fs: { mode: "disk", files: { "edited.txt": "unsaved buffer\n" } },
      steps: fsSteps(cwd, [
        `${READ_FILE_PROMPT} notes.txt`,
        `${READ_FILE_PROMPT} edited.txt`,
        `${WRITE_FILE_PROMPT} sub/out.txt`,
        `${READ_FILE_PROMPT} ../outside.txt`,
      ]),
    });
    expect(log.ofKind("fs").map((event) => event.ok)).toEqual([true, true, true, false]);
    expect(said(log)).toContain("is: on disk");
    expect(said(log)).toContain("is: unsaved buffer");
    expect(readFileSync(join(cwd, "sub/out.txt"), "utf8")).toBe(WRITTEN_TEXT);
  }, 90_000);

  it("terminals run for real: create, wait_for_exit, output, release", async () => {
    const cwd = scratch();
    const log = await run({
      clientCapabilities: { terminal: true },
      terminal: { mode: "real" },
      steps: fsSteps(cwd, [`${RUN_COMMAND_PROMPT} ${cwd}`]),
    });
    const terminal = log.ofKind("terminal");
    // The reference agent runs one command to its end, then starts a second, kills and releases it.
    expect(terminal.map((event) => event.method)).toEqual([
      "terminal/create",
      "terminal/wait_for_exit",
      "terminal/output",
      "terminal/release",
      "terminal/create",
      "terminal/kill",
      "terminal/wait_for_exit",
      "terminal/output",
      "terminal/release",
    ]);
    expect(terminal[1]?.detail).toEqual({ exitCode: 0, signal: null });
    expect(terminal[2]?.detail).toMatchObject({ output: COMMAND_OUTPUT, truncated: false });
  }, 90_000);
});

/** A command that records its pid and an escaped (setsid) descendant's, then runs until killed. */
function longCommand(dir: string, name: string): Record<string, unknown> {
  const script = `setsid sleep 300 & echo $! > ${name}-escaped.pid; echo $$ > ${name}.pid; exec sleep 300`;
  return { sessionId: "any", command: "sh", args: ["-c", script], cwd: dir };
}
const pidsOf = (dir: string, name: string) =>
  [`${name}.pid`, `${name}-escaped.pid`].map((file) => Number(readFileSync(join(dir, file), "utf8").trim()));
const alive = (pids: number[]) => pids.filter((pid) => processInfo(pid) !== undefined);
/** The pids still alive once a signal sent to them has had time to land (a loaded machine is slow, not wrong). */
async function aliveAfterKill(pids: number[]): Promise<number[]> {
  for (let waited = 0; waited < 5_000 && alive(pids).length > 0; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return alive(pids);
}

function terminalAgent(dir: string) {
  const actions: AgentAction[] = [
    { request: { method: "terminal/create", params: longCommand(dir, "released") } },
    { delay: 1_500 },
    { request: { method: "terminal/release", params: { sessionId: "any", terminalId: "terminal-1" } } },
    { request: { method: "terminal/create", params: longCommand(dir, "left") } },
    { delay: 1_500 },
    { stop: "end_turn" },
  ];
  return mockAgent({ prompts: [{ actions }] });
}
const TERMINAL_CLIENT: Omit<ClientScript, "role"> = {
  clientCapabilities: { terminal: true },
  terminal: { mode: "real" },
  steps: [{ initialize: {} }, { newSession: {} }, { prompt: { text: "run" } }],
};

describe("real terminals leak nothing", () => {
  it("in-process: release kills the command and its escaped descendant; the client's end kills what the agent left", async () => {
    const dir = scratch();
    const agent = terminalAgent(dir);
    const client = mockClient(TERMINAL_CLIENT);
    const agentSide = agent.connectNode();
    const clientSide = client.connectNode();
    clientSide.output.pipe(agentSide.input);
    agentSide.output.pipe(clientSide.input);
    await client.log.waitFor((event) => event.kind === "terminal" && event.method === "terminal/release", {
      timeoutMs: 30_000,
    });
    expect(alive(pidsOf(dir, "released"))).toEqual([]);
    await client.log.waitFor((event) => event.kind === "ended", { timeoutMs: 30_000 });
    await client.close();
    await agent.close();
    expect(alive(pidsOf(dir, "left"))).toEqual([]);
  }, 60_000);

  it("spawned: the mock client process kills the terminals the agent never released before it exits", async () => {
    const dir = scratch();
    const agent = terminalAgent(dir);
    const client = mockClient(TERMINAL_CLIENT);
    const agentCommand = agent.spawnCommand();
    const { command, args } = client.spawnCommand({ agent: [agentCommand.command, ...agentCommand.args] });
    const child = spawn(command, args, { stdio: "ignore" });
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
    expect(alive([...pidsOf(dir, "released"), ...pidsOf(dir, "left")])).toEqual([]);
    await client.close();
    await agent.close();
  }, 60_000);

  it("spawned: a client stopped by a signal still kills the terminal the agent left, on its way out", async () => {
    const dir = scratch();
    const agent = terminalAgent(dir);
    const client = mockClient({ ...TERMINAL_CLIENT, steps: [...TERMINAL_CLIENT.steps, { delay: 60_000 }] });
    const agentCommand = agent.spawnCommand();
    const { command, args } = client.spawnCommand({ agent: [agentCommand.command, ...agentCommand.args] });
    const child = spawn(command, args, { stdio: "ignore" });
    const exited = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal ?? _code)));
    await client.waitForSpawned((event) => event.kind === "response" && event.method === "session/prompt", {
      timeoutMs: 30_000,
    });
    child.kill("SIGTERM");
    expect(await exited).toBe(128 + 15);
    expect(await aliveAfterKill(pidsOf(dir, "left"))).toEqual([]);
    await client.close();
    await agent.close();
  }, 60_000);
});

describe("elicitation", () => {
  it("answers an advertised mode with the script's action and content, and refuses another mode", async () => {
    const form = { type: "object", properties: { name: { type: "string" } } };
    const agent = mockAgent({
      prompts: [
        {
          actions: [
            {
              request: {
                method: "elicitation/create",
                params: { sessionId: "s", mode: "form", message: "Your name?", requestedSchema: form },
              },
            },
            {
              request: {
                method: "elicitation/create",
                params: {
                  sessionId: "s",
                  mode: "url",
                  message: "Sign in",
                  elicitationId: "e1",
                  url: "https://example.com",
                },
              },
            },
            { stop: "end_turn" },
          ],
        },
      ],
    });
    const client = mockClient({
      clientCapabilities: { elicitation: { form: {} } },
      elicitation: { action: "accept", content: { name: "Ada" } },
      steps: [{ initialize: {} }, { newSession: {} }, { prompt: { text: "ask me" } }],
    });
    const agentSide = agent.connectNode();
    const clientSide = client.connectNode();
    clientSide.output.pipe(agentSide.input);
    agentSide.output.pipe(clientSide.input);
    await client.log.waitFor((event) => event.kind === "ended", { timeoutMs: 30_000 });
    expect(client.log.ofKind("elicitation").map(({ t: _t, ...event }) => event)).toEqual([
      {
        kind: "elicitation",
        mode: "form",
        message: "Your name?",
        answer: { action: "accept", content: { name: "Ada" } },
      },
      {
        kind: "elicitation",
        mode: "url",
        message: "Sign in",
        answer: {
          error: { code: -32602, message: 'Invalid params: elicitation mode "url" was not advertised' },
        },
      },
    ]);
    const answers = agent.log.ofKind("response").filter((event) => event.method === "elicitation/create");
    expect(answers.map((event) => event.result ?? event.error)).toEqual([
      { action: "accept", content: { name: "Ada" } },
      { code: -32602, message: 'Invalid params: elicitation mode "url" was not advertised' },
    ]);
    await client.close();
    await agent.close();
  }, 60_000);
});
