/**
 * The mock agent as an ACP v2 agent (a script with `protocolVersion: 2`, peers/agent/v2/),
 * driven in this process with raw frames: what it answers and sends, in order, each frame valid
 * against the v2 schema.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mockAgent, type AgentScript, type MockPeer, type PeerScript } from "../../peers/index.js";
import { AcpSchema } from "../../kit/wire/schema.js";

type Frame = Record<string, any>;
const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

/** Connects a v2 mock agent; `send` writes a frame, `until` waits for a frame matching the test. */
function connect(script: Omit<AgentScript, "role">) {
  const agent = mockAgent({ ...script, protocolVersion: 2 });
  peers.push(agent);
  const { input, output } = agent.connectNode();
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  let buffer = "";
  output.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
      frames.push(JSON.parse(buffer.slice(0, newline)) as Frame);
      buffer = buffer.slice(newline + 1);
      for (const wake of waiters.splice(0)) wake();
    }
  });
  const send = (frame: Frame) => input.write(`${JSON.stringify({ jsonrpc: "2.0", ...frame })}\n`);
  const until = async (test: (frame: Frame) => boolean): Promise<Frame> => {
    for (;;) {
      const found = frames.find(test);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { frames, send, until };
}

const updates = (frames: Frame[]) =>
  frames.filter((frame) => frame.method === "session/update").map((frame) => frame.params.update as Frame);
const isIdle = (frame: Frame) => frame.params?.update?.state === "idle";

/** Every frame the agent sent, checked against the v2 schema (params of its requests and notifications). */
function expectValidV2(frames: Frame[]): void {
  const schema = AcpSchema.load(2);
  for (const frame of frames)
    if (typeof frame.method === "string")
      expect(schema.validateParams(frame.method, frame.params)).toEqual([]);
}

async function openSession(agent: ReturnType<typeof connect>): Promise<string> {
  agent.send({
    id: 0,
    method: "initialize",
    params: { protocolVersion: 2, info: { name: "t", version: "1" }, capabilities: {} },
  });
  agent.send({ id: 1, method: "session/new", params: { cwd: "/tmp" } });
  return (await agent.until((frame) => frame.id === 1)).result.sessionId as string;
}

describe("the mock agent speaking v2", () => {
  it("answers initialize with protocolVersion 2, info and capabilities, valid against the v2 schema", async () => {
    const agent = connect({});
    agent.send({
      id: 0,
      method: "initialize",
      params: { protocolVersion: 2, info: { name: "t", version: "1" } },
    });
    const answer = await agent.until((frame) => frame.id === 0);
    expect(answer.result.protocolVersion).toBe(2);
    expect(answer.result.info.name).toBe("acp-conformance-mock-agent");
    expect(answer.result.capabilities.session).toBeDefined();
    expect(AcpSchema.load(2).validateResult("initialize", answer.result)).toEqual([]);
  });

  it("acknowledges the prompt at once, then sends the user message, running, the turn as v2 updates, and idle with the stop reason", async () => {
    const agent = connect({
      prompts: [
        {
          actions: [
            { message: "hello", messageId: "m1" },
            { toolCall: { toolCallId: "t1", title: "Read", kind: "read", status: "pending" } },
            { stop: "max_tokens" },
          ],
        },
      ],
    });
    const sessionId = await openSession(agent);
    agent.send({
      id: 2,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: "hi" }] },
    });
    await agent.until(isIdle);
    const ack = agent.frames.findIndex((frame) => frame.id === 2);
    expect(agent.frames[ack]?.result.messageId).toEqual(expect.any(String));
    expect(agent.frames.slice(0, ack).some((frame) => frame.method === "session/update")).toBe(false);
    expect(updates(agent.frames).map((update) => update.sessionUpdate)).toEqual([
      "user_message",
      "state_update",
      "agent_message_chunk",
      "tool_call_update",
      "state_update",
    ]);
    const [, running, chunk, tool, idle] = updates(agent.frames);
    expect(running).toMatchObject({ state: "running" });
    expect(chunk).toMatchObject({ messageId: "m1", content: { type: "text", text: "hello" } });
    expect(tool).toMatchObject({ toolCallId: "t1", title: "Read", status: "pending" });
    expect(idle).toMatchObject({ state: "idle", stopReason: "max_tokens" });
    expectValidV2(agent.frames);
    expect(AcpSchema.load(2).validateResult("session/prompt", agent.frames[ack]?.result)).toEqual([]);
  });

  it("asks permission with a title and a tool call subject, between requires_action and running, and branches on the answer", async () => {
    const agent = connect({
      prompts: [
        {
          actions: [
            { requestPermission: { toolCallId: "t1", title: "Write the file" } },
            {
              ifPermission: {
                outcome: "allowed",
                then: [{ message: "allowed" }],
                else: [{ message: "refused" }],
              },
            },
          ],
        },
      ],
    });
    const sessionId = await openSession(agent);
    agent.send({
      id: 2,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: "hi" }] },
    });
    const asked = await agent.until((frame) => frame.method === "session/request_permission");
    expect(asked.params).toMatchObject({
      title: "Write the file",
      subject: { type: "tool_call", toolCall: { toolCallId: "t1" } },
    });
    agent.send({ id: asked.id, result: { outcome: { outcome: "selected", optionId: "reject" } } });
    await agent.until(isIdle);
    const states = updates(agent.frames).flatMap((update) => (update.state ? [update.state] : []));
    expect(states).toEqual(["running", "requires_action", "running", "idle"]);
    expect(updates(agent.frames).some((update) => update.content?.text === "refused")).toBe(true);
    expectValidV2(agent.frames);
  });

  it("ends a cancelled turn with idle cancelled, and knows none of the methods v2 removed", async () => {
    const agent = connect({
      prompts: [{ actions: [{ message: "working" }, { delay: 60_000 }, { message: "never" }] }],
    });
    const sessionId = await openSession(agent);
    agent.send({
      id: 2,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: "hi" }] },
    });
    await agent.until((frame) => frame.params?.update?.sessionUpdate === "agent_message_chunk");
    agent.send({ method: "session/cancel", params: { sessionId } });
    expect((await agent.until(isIdle)).params.update.stopReason).toBe("cancelled");
    agent.send({ id: 3, method: "session/set_mode", params: { sessionId, modeId: "x" } });
    agent.send({ id: 4, method: "authenticate", params: { methodId: "x" } });
    for (const id of [3, 4]) expect((await agent.until((frame) => frame.id === id)).error.code).toBe(-32601);
    expectValidV2(agent.frames);
  });
});
