/**
 * The mock agent's saved sessions (peers/agent/saved-sessions.ts), driven by the official SDK
 * client: load replays the history before it answers, list pages with an opaque cursor, resume,
 * close and delete answer only when advertised, and a closed session takes no prompt.
 */
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { mockAgent, type AgentScript, type MockPeer, type PeerScript } from "../../peers/index.js";

const SAVED: AgentScript["savedSessions"] = [
  {
    sessionId: "saved-1",
    cwd: "/tmp",
    title: "first",
    history: [
      { role: "user", text: "question" },
      { role: "agent", text: "answer" },
    ],
  },
  { sessionId: "saved-2", cwd: "/tmp" },
  { sessionId: "saved-3", cwd: "/elsewhere" },
];

const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

/** Runs `op` against a mock agent with the saved sessions and `agentCapabilities`; returns what it saw. */
async function withAgent<T>(
  agentCapabilities: Record<string, unknown>,
  op: (connection: acp.ClientContext, updates: readonly acp.SessionNotification[]) => Promise<T>,
): Promise<{ value: T; updates: acp.SessionNotification[] }> {
  const agent = mockAgent({ initialize: { agentCapabilities }, savedSessions: SAVED, listPageSize: 1 });
  peers.push(agent);
  const { writable, readable } = agent.connect();
  const updates: acp.SessionNotification[] = [];
  const client = acp
    .client({ name: "saved-sessions-test" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
    });
  const value = await client.connectWith(acp.ndJsonStream(writable, readable), async (connection) => {
    await connection.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
    return op(connection, updates);
  });
  return { value, updates };
}

describe("the mock agent's saved sessions", () => {
  it("replays a loaded session's history before it answers, and prompts on it", async () => {
    const { value, updates } = await withAgent({ loadSession: true }, async (connection, seen) => {
      await connection.request(acp.methods.agent.session.load, {
        sessionId: "saved-1",
        cwd: "/tmp",
        mcpServers: [],
      });
      const seenBeforeAnswer = seen.length;
      const prompt = await connection.request(acp.methods.agent.session.prompt, {
        sessionId: "saved-1",
        prompt: [{ type: "text", text: "hi" }],
      });
      return { seenBeforeAnswer, stopReason: prompt.stopReason };
    });
    expect(value).toEqual({ seenBeforeAnswer: 2, stopReason: "end_turn" });
    expect(updates.slice(0, 2).map((update) => update.update)).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "question" } },
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "answer" } },
    ]);
  });

  it("lists a cwd's sessions a page at a time, takes back only the cursors it gave, and forgets deleted ones", async () => {
    const { value } = await withAgent(
      { sessionCapabilities: { list: {}, delete: {} } },
      async (connection) => {
        const first = await connection.request(acp.methods.agent.session.list, { cwd: "/tmp" });
        const second = await connection.request(acp.methods.agent.session.list, {
          cwd: "/tmp",
          cursor: first.nextCursor!,
        });
        const forged = await connection
          .request(acp.methods.agent.session.list, { cursor: encodeURIComponent(first.nextCursor!) })
          .then(
            () => "answered",
            (error: { code?: number }) => error.code,
          );
        await connection.request(acp.methods.agent.session.delete, { sessionId: "saved-1" });
        await connection.request(acp.methods.agent.session.delete, { sessionId: "never-existed" });
        const afterDelete = await connection.request(acp.methods.agent.session.list, { cwd: "/tmp" });
        return { first, second, forged, afterDelete };
      },
    );
    expect(value.first.sessions.map((session) => session.sessionId)).toEqual(["saved-1"]);
    expect(value.first.nextCursor).toMatch(/^k\/∆\?==/);
    expect(value.second).toEqual({ sessions: [{ sessionId: "saved-2", cwd: "/tmp" }] });
    expect(value.forged).toBe(-32602);
    expect(value.afterDelete).toEqual({ sessions: [{ sessionId: "saved-2", cwd: "/tmp" }] });
  });

  it("resumes without a replay, closes, and then knows the session no more; unadvertised methods are unknown", async () => {
    const { value, updates } = await withAgent(
      { sessionCapabilities: { resume: {}, close: {} } },
      async (connection) => {
        await connection.request(acp.methods.agent.session.resume, { sessionId: "saved-1", cwd: "/tmp" });
        await connection.request(acp.methods.agent.session.close, { sessionId: "saved-1" });
        const code = (request: Promise<unknown>) =>
          request.then(
            () => "answered",
            (error: { code?: number }) => error.code,
          );
        return {
          promptAfterClose: await code(
            connection.request(acp.methods.agent.session.prompt, {
              sessionId: "saved-1",
              prompt: [{ type: "text", text: "hi" }],
            }),
          ),
          load: await code(
            connection.request(acp.methods.agent.session.load, {
              sessionId: "saved-1",
              cwd: "/tmp",
              mcpServers: [],
            }),
          ),
          list: await code(connection.request(acp.methods.agent.session.list, {})),
        };
      },
    );
    expect(updates).toEqual([]);
    expect(value).toEqual({ promptAfterClose: -32002, load: -32601, list: -32601 });
  });
});
