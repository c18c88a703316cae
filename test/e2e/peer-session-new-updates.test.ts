/**
 * The mock agent's `sessionNewUpdates`: updates for the session being created, written just
 * before and just after the session/new answer, with the session id that answer names.
 */
import { afterEach, expect, it } from "vitest";
import { mockAgent, mockClient, type MockPeer, type PeerEvent, type PeerScript } from "../../peers/index.js";

const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

it("writes sessionNewUpdates just before and just after the session/new answer, for the session it names", async () => {
  const agent = mockAgent({
    sessionIds: ["kit-session-1"],
    sessionNewUpdates: {
      before: [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "before" } }],
      after: [{ sessionUpdate: "available_commands_update", availableCommands: [] }],
    },
  });
  const client = mockClient({ steps: [{ initialize: {} }, { newSession: { cwd: "/tmp" } }, { delay: 300 }] });
  peers.push(agent, client);
  const agentSide = agent.connectNode();
  const clientSide = client.connectNode();
  clientSide.output.pipe(agentSide.input);
  agentSide.output.pipe(clientSide.input);
  await client.log.waitFor((event: PeerEvent) => event.kind === "ended", {
    description: "the client to finish",
  });
  const received = client.log
    .ofKind("received")
    .map((event) => event.message as Record<string, unknown>)
    .filter(
      (message) =>
        message.method === "session/update" || (message.result as { sessionId?: unknown })?.sessionId,
    );
  expect(received).toEqual([
    {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: "kit-session-1",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "before" } },
      },
    },
    { jsonrpc: "2.0", id: expect.anything(), result: { sessionId: "kit-session-1" } },
    {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: "kit-session-1",
        update: { sessionUpdate: "available_commands_update", availableCommands: [] },
      },
    },
  ]);
});
