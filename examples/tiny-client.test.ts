/** Example: testing a small ACP client against the scripted mock agent, in-process and spawned. */
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { mockAgent, type MockPeer, type AgentScript } from "acp-conformance/peers";
import { askOnce } from "./tiny-client.js";

const script: Omit<AgentScript, "role"> = {
  seed: 42,
  prompts: [
    {
      match: "write",
      actions: [
        { requestPermission: { toolCallId: "write-1", title: "Write notes.txt", as: "write" } },
        {
          ifPermission: {
            as: "write",
            outcome: "allowed",
            then: [{ message: "Written." }],
            else: [{ message: "Not written." }],
          },
        },
        { stop: "end_turn" },
      ],
    },
    { actions: [{ message: "Hello " }, { message: "there." }, { stop: "end_turn" }] },
  ],
};

let agent: MockPeer<AgentScript>;
afterEach(() => agent.close());

describe("tiny client against the mock agent", () => {
  it("joins the streamed chunks (in-process)", async () => {
    agent = mockAgent(script);
    const { writable, readable } = agent.connect();
    const result = await askOnce(acp.ndJsonStream(writable, readable), "hi");
    expect(result).toEqual({ text: "Hello there.", stopReason: "end_turn", deniedPermissions: 0 });
    expect(agent.log.receivedMessages().map((message) => message.method)).toEqual([
      "initialize",
      "session/new",
      "session/prompt",
    ]);
  });

  it("refuses permission, and the agent sees the refusal (in-process)", async () => {
    agent = mockAgent(script);
    const { writable, readable } = agent.connect();
    const result = await askOnce(acp.ndJsonStream(writable, readable), "please write notes");
    expect(result.text).toBe("Not written.");
    const [permission] = agent.log.ofKind("permission");
    expect(permission?.outcome).toEqual({ outcome: "selected", optionId: "reject" });
  });

  it("works the same against the mock agent as a real process", async () => {
    agent = mockAgent(script);
    const { command, args } = agent.spawnCommand();
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    const stream = acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    );
    const result = await askOnce(stream, "please write notes");
    child.stdin.end(); // the mock agent exits when its stdin closes, as an agent should
    await new Promise((resolve) => child.once("exit", resolve));
    expect(result.text).toBe("Not written.");
    const log = agent.readSpawnedLog();
    expect(log.ofKind("permission")[0]?.outcome).toEqual({ outcome: "selected", optionId: "reject" });
    expect(log.ofKind("ended")[0]).toMatchObject({ how: "stdin-eof" });
  });
});
