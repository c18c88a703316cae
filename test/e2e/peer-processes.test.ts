/**
 * A scripted peer as a process: its script is checked before anything runs, its files go with
 * it however it ends, and the CLI runs it on stdio for any client to talk to.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { mockAgent, mockClient, ScriptError, type MockPeer, type PeerScript } from "../../peers/index.js";

const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});
function track<P extends MockPeer<PeerScript>>(peer: P): P {
  peers.push(peer);
  return peer;
}

describe("scripted peer processes", () => {
  it("rejects an invalid script with the path of the problem", () => {
    expect(() => mockAgent({ prompts: [{ actions: [{ stop: 5 } as never] }] })).toThrow(ScriptError);
    expect(() => mockClient({ steps: [{ initialise: {} } as never] })).toThrow(/not a valid peer script/);
    // A mistaken action names the action kinds and the one it most likely meant, not every branch's complaint.
    expect(() => mockAgent({ prompts: [{ actions: [{ type: "message", text: "hi" } as never] }] })).toThrow(
      /^script is not a valid peer script:\n {2}\/prompts\/0\/actions\/0 must have exactly one of the keys message, thought, .*; got the keys type, text\. The nearest is \{ "message": "…" \}$/,
    );
    expect(() => mockClient({ steps: [{ initialise: {} } as never] })).toThrow(
      /The nearest is \{ "initialize": /,
    );
    expect(() => mockAgent({ prompts: [{ actions: [{ message: 5 } as never] }] })).toThrow(
      /\/prompts\/0\/actions\/0\/message message: must be string, got 5$/,
    );
  });

  it("a spawned peer's files go when the test process exits, even without close()", () => {
    const peers = join(import.meta.dirname, "../../dist/peers/index.js");
    const program = `const { mockAgent } = await import(${JSON.stringify(peers)}); const { args } = mockAgent({}).spawnCommand(); process.stdout.write(args[3]);`;
    const scriptPath = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
      encoding: "utf8",
    });
    expect(scriptPath).toMatch(/script\.json$/);
    expect(existsSync(dirname(scriptPath))).toBe(false);
  });

  it("a closed peer leaves nothing behind, even if its process is then killed", () => {
    const peers = join(import.meta.dirname, "../../dist/peers/index.js");
    const program = `const { mockAgent } = await import(${JSON.stringify(peers)}); const agent = mockAgent({}); process.stdout.write(agent.spawnCommand().args[3]); await agent.close(); process.kill(process.pid, "SIGKILL");`;
    let scriptPath = "";
    try {
      execFileSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" });
    } catch (error) {
      scriptPath = (error as { stdout: string }).stdout; // SIGKILL: no exit handler ran
    }
    expect(scriptPath).toMatch(/script\.json$/);
    expect(existsSync(dirname(dirname(scriptPath)))).toBe(false);
  });

  it("the CLI runs a scripted peer on stdio", async () => {
    const agent = track(mockAgent({ initialize: { agentInfo: { name: "from-cli", version: "0" } } }));
    const scriptPath = agent.spawnCommand().args[3]!;
    const child = spawn(
      process.execPath,
      ["dist/bin/acp-conformance.js", "peer", "agent", "--script", scriptPath],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const stream = acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    );
    const info = await acp
      .client()
      .connectWith(stream, (cx) => cx.request(acp.methods.agent.initialize, { protocolVersion: 1 }));
    child.stdin.end();
    await new Promise((resolve) => child.once("exit", resolve));
    expect(info.agentInfo).toEqual({ name: "from-cli", version: "0" });
  });

  it("a signalled agent says whether its stdin had closed, waiting a moment for an end already on its way", async () => {
    const endedBy = async (closeStdin: boolean) => {
      const agent = track(mockAgent({}));
      const { command, args } = agent.spawnCommand();
      const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
      // Once it answers initialize it is past its start-up, signal handlers included (a fixed
      // pause was not enough on a busy machine: the signal came before them and killed it).
      const answered = new Promise((resolve) => child.stdout.once("data", resolve));
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } })}\n`,
      );
      await answered;
      child.stdout.resume();
      child.kill("SIGTERM");
      // The end of input follows the signal: a client that closes and signals back to back can
      // have them arrive in this order.
      if (closeStdin) setTimeout(() => child.stdin.end(), 20);
      await new Promise((resolve) => child.once("exit", resolve));
      return agent.readSpawnedLog().events.find((event) => event.kind === "ended");
    };
    const closed = await endedBy(true);
    expect(
      closed?.kind === "ended" &&
        (closed.how === "stdin-eof" || (closed.how === "signal" && closed.stdinClosed === true)),
      JSON.stringify(closed),
    ).toBe(true);
    expect(await endedBy(false)).toMatchObject({
      kind: "ended",
      how: "signal",
      signal: "SIGTERM",
      stdinClosed: false,
    });
  });
});
