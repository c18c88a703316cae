/**
 * The scripted stdio peers: a mock adapter in-process and spawned, a mock host in-process and
 * spawned, each holding the other to the protocol; the host stops the adapter's whole group.
 */
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { processInfo } from "../../kit/process/tree.js";
import {
  mockAdapter,
  mockHost,
  type AdapterAction,
  type MockHost,
  type MockPeer,
  type AdapterScript,
} from "../../peers/index.js";

const opened: Array<MockPeer<AdapterScript> | MockHost> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((peer) => peer.close()));
});

function adapter(
  actions: AdapterAction[],
  extra: Omit<AdapterScript, "role" | "actions"> = {},
): MockPeer<AdapterScript> {
  const peer = mockAdapter({ actions, ...extra });
  opened.push(peer);
  return peer;
}

function host(script: Parameters<typeof mockHost>[0] = {}): MockHost {
  const peer = mockHost(script);
  opened.push(peer);
  return peer;
}

describe("stdio peers", () => {
  it("a mock adapter in-process reads the envelope and writes its events", async () => {
    const peer = adapter([
      { message: { id: "a", text: "hello" } },
      { event: { type: "tool", name: "edit" } },
      { error: { message: "boom" } },
    ]);
    const { input, output } = peer.connectNode();
    const chunks: Buffer[] = [];
    output.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => output.once("end", resolve));
    input.end(`${JSON.stringify({ protocolVersion: 1, task: { request: "hi" }, prompt: "p" })}\n`);
    await ended;
    const events = Buffer.concat(chunks)
      .toString("utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events).toEqual([
      { type: "message", id: "a", text: "hello" },
      { type: "tool", name: "edit" },
      { type: "error", message: "boom" },
    ]);
    expect(peer.log.ofKind("envelope")).toMatchObject([{ lines: 1, eof: true }]);
  });

  it("a mock host in-process runs a spawned mock adapter: repeated ids once, unknown types ignored", async () => {
    const spawned = adapter([
      { message: { id: "a", text: "one" } },
      { message: { id: "a", text: "again" } },
      { event: { type: "tool", text: "hidden" } },
      { message: { text: "two" } },
    ]);
    const outcome = await host().run(spawned.executable()).outcome;
    expect(outcome).toMatchObject({ status: "completed", messages: ["one", "two"] });
    expect(spawned.readSpawnedLog().ofKind("envelope")).toMatchObject([{ lines: 1, eof: true }]);
  });

  it("the mock host fails the task on an error event even with exit 0, and on a line that is not JSON", async () => {
    expect(
      await host().run(adapter([{ error: { message: "it broke" } }]).executable()).outcome,
    ).toMatchObject({ status: "failed", error: "it broke" });
    expect(await host().run(adapter([{ raw: "plain log" }]).executable()).outcome).toMatchObject({
      status: "failed",
    });
  });

  it("the mock host enforces its stdout limit and its timeout, and stops the adapter's whole group", async () => {
    const flood = await host({ stdoutLimitBytes: 256 * 1024 }).run(
      adapter([{ floodMessages: { bytes: 1024 * 1024 } }]).executable(),
    ).outcome;
    expect(flood.status).toBe("failed");
    expect(flood.error).toContain("output exceeded");

    const hung = adapter([{ spawn: { seconds: 120 } }, { message: { text: "working" } }, { hang: true }]);
    const outcome = await host({ timeoutMs: 1_500 }).run(hung.executable()).outcome;
    expect(outcome).toMatchObject({ status: "failed", messages: ["working"] });
    expect(outcome.error).toContain("timed out");
    const [child] = hung.readSpawnedLog().ofKind("spawned");
    expect(child).toBeDefined();
    // SIGKILL to the group is immediate, but give the kernel a moment to finish.
    const deadline = Date.now() + 5_000;
    while (processInfo(child!.pid) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(processInfo(child!.pid)).toBeUndefined();
  });

  it("a spawned mock host prints what the adapter showed and exits by the outcome", async () => {
    const good = adapter([{ message: { text: "shown on stdout" } }]);
    const { command, args } = host().spawnCommand({ adapter: [good.executable()] });
    const completed = await execa(command, args, { reject: false, timeout: 30_000 });
    expect(completed.exitCode).toBe(0);
    expect(completed.stdout).toBe("shown on stdout");

    const bad = adapter([{ exit: 3 }]);
    const spawnedHost = host();
    const spawnedCommand = spawnedHost.spawnCommand({ adapter: [bad.executable()] });
    const failed = await execa(spawnedCommand.command, spawnedCommand.args, {
      reject: false,
      timeout: 30_000,
    });
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain("exited with status 3");
    expect(spawnedHost.readSpawnedLog().ofKind("task")).toMatchObject([{ status: "failed" }]);
  });

  it("a mock host is not connected over streams and a spawned one needs its adapter", () => {
    expect(() => host().connectNode()).toThrow(/call run/);
    expect(() => host().spawnCommand()).toThrow(/needs the adapter/);
  });
});
