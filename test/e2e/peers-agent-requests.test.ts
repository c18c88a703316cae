/**
 * The mock agent's requests beyond one at a time (peers/agent/request-control.ts): several sent
 * before any answer, one it cancels itself with $/cancel_request, and -32800 answers to the
 * client's own requests, each seen on the wire between a mock agent and a mock client.
 */
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

const CLIENT: Omit<ClientScript, "role"> = {
  permission: { answer: "allow_once" },
  steps: [
    { initialize: {} },
    { newSession: { cwd: "/tmp/acp-conformance-peers" } },
    { prompt: { text: "go" } },
  ],
};

const permission = (toolCallId: string) => ({
  method: "session/request_permission",
  params: {
    sessionId: "{{sessionId}}",
    toolCall: { toolCallId, title: "Write", status: "pending" },
    options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
  },
});

const peers: Array<MockPeer<PeerScript>> = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

/** Runs the pair in this process until the agent ends; returns the agent's events. */
async function run(agentScript: Omit<AgentScript, "role">, clientScript = CLIENT): Promise<PeerEvent[]> {
  const agent = mockAgent(agentScript);
  const client = mockClient(clientScript);
  peers.push(agent, client);
  const agentSide = agent.connectNode();
  const clientSide = client.connectNode();
  clientSide.output.pipe(agentSide.input);
  agentSide.output.pipe(clientSide.input);
  await agent.log.waitFor((event) => event.kind === "ended", { description: "the agent to end" });
  return agent.log.events;
}

const sentFrames = (events: PeerEvent[]) =>
  events.flatMap((event) =>
    event.kind === "sent" ? [JSON.parse(event.text) as Record<string, unknown>] : [],
  );

describe("the mock agent's request control", () => {
  it("sends every request of requestsAtOnce before any answer, with the turn's ids filled in, and logs each answer", async () => {
    const events = await run({
      prompts: [
        {
          actions: [
            { requestsAtOnce: { requests: [permission("a"), permission("b"), { method: "_kit/x" }] } },
            { stop: "end_turn" },
          ],
        },
      ],
    });
    const firstAnswer = events.findIndex(
      (event) =>
        event.kind === "received" &&
        !("method" in (event.message as object)) &&
        String((event.message as { id?: unknown }).id).startsWith("agent-request"),
    );
    const requests = events
      .map((event, index) => ({ event, index }))
      .filter(({ event }) => event.kind === "sent" && event.text.includes('"agent-request'));
    expect(requests).toHaveLength(3);
    expect(requests.every(({ index }) => index < firstAnswer)).toBe(true);
    const params = sentFrames(events).find((frame) => frame.method === "session/request_permission")
      ?.params as { sessionId?: string };
    expect(params.sessionId).toMatch(/^session-/);
    expect(
      events
        .filter((event) => event.kind === "response")
        .map((event) => (event as { method: string }).method),
    ).toEqual(expect.arrayContaining(["session/request_permission", "session/request_permission", "_kit/x"]));
  });

  it("follows a cancelRequest with $/cancel_request naming it, and logs the one answer", async () => {
    const events = await run({
      prompts: [
        { actions: [{ cancelRequest: { ...permission("c"), waitMs: 2_000 } }, { stop: "end_turn" }] },
      ],
    });
    const frames = sentFrames(events);
    const request = frames.find((frame) => frame.method === "session/request_permission");
    const cancel = frames.find((frame) => frame.method === "$/cancel_request");
    expect(cancel?.params).toEqual({ requestId: request?.id });
    expect(events.filter((event) => event.kind === "response")).toHaveLength(1);
  });

  it("answers the first request of each answerCancelled method with -32800, then serves the next", async () => {
    const events = await run(
      { answerCancelled: ["session/new"] },
      {
        steps: [
          { initialize: {} },
          { newSession: { cwd: "/tmp/acp-conformance-peers" } },
          { newSession: { cwd: "/tmp/acp-conformance-peers" } },
        ],
      },
    );
    const asked = events.flatMap((event) =>
      event.kind === "received" && (event.message as { method?: unknown }).method === "session/new"
        ? [(event.message as { id?: unknown }).id]
        : [],
    );
    const answers = asked.map((id) =>
      sentFrames(events).find((frame) => !("method" in frame) && frame.id === id),
    );
    expect(answers.map((frame) => (frame?.error as { code?: number } | undefined)?.code ?? "result")).toEqual(
      [-32800, "result"],
    );
  });
});
