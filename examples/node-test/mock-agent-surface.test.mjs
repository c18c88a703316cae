// Example: the mock agent plays the ACP surface a client must handle (authentication, offered
// modes, a replayed session, update variants of today and of later versions, $/cancel_request),
// and a test drives it with raw JSON-RPC lines, as your client would.
import assert from "node:assert/strict";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { mockAgent } from "acp-conformance/peers";

/**
 * A line-level JSON-RPC client: `request` awaits the answer with its id; every message from the
 * agent is kept in `seen`, and `answer(frame)` may return a reply `{ id, result | error }` to write.
 */
function connect(agent, answer) {
  const { input, output } = agent.connectNode();
  const waiting = new Map();
  const seen = [];
  let nextId = 1;
  createInterface({ input: output }).on("line", (line) => {
    const frame = JSON.parse(line);
    if (frame.method === undefined) return waiting.get(frame.id)?.(frame);
    seen.push(frame);
    const reply = answer(frame);
    if (reply) input.write(`${JSON.stringify({ jsonrpc: "2.0", ...reply })}\n`);
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      input.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  return { request, seen, end: () => input.end() };
}

test("the mock agent demands authentication, offers modes, replays a session and cancels its own request", async () => {
  const cwd = process.cwd();
  const agent = mockAgent({
    initialize: { agentCapabilities: { loadSession: true } },
    requireAuth: ["token"],
    sessionSettings: {
      modes: {
        currentModeId: "ask",
        availableModes: [
          { id: "ask", name: "Ask" },
          { id: "code", name: "Code" },
        ],
      },
    },
    savedSessions: [
      {
        sessionId: "saved-1",
        cwd,
        history: [
          { role: "user", text: "earlier question" },
          { role: "agent", text: "earlier answer" },
        ],
      },
    ],
    prompts: [
      {
        actions: [
          { plan: [{ content: "Read the notes", priority: "high", status: "in_progress" }] },
          { update: { sessionUpdate: "usage_update", used: 1200, size: 200000 } },
          { update: { sessionUpdate: "_kit_later_variant", _meta: { "example.org/x": 1 } } },
          {
            cancelRequest: {
              method: "session/request_permission",
              params: {
                sessionId: "{{sessionId}}",
                toolCall: { toolCallId: "call-1", title: "Edit notes" },
                options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
              },
              afterMs: 50,
            },
          },
          { message: "done" },
          { stop: "end_turn" },
        ],
      },
    ],
  });
  // The "user" is still thinking about the permission question when the agent withdraws it with
  // $/cancel_request: the client then answers that request once, with -32800 (Request cancelled).
  const client = connect(agent, (frame) => {
    if (frame.method === "$/cancel_request")
      return { id: frame.params.requestId, error: { code: -32800, message: "Request cancelled" } };
    if (frame.method === "session/request_permission" || frame.id === undefined) return undefined;
    return { id: frame.id, error: { code: -32601, message: `Method not found: ${frame.method}` } };
  });

  const init = await client.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
  assert.equal(init.result.agentCapabilities.loadSession, true);
  assert.deepEqual(
    init.result.authMethods.map((method) => method.id),
    ["token"],
  );

  // -32000 (auth_required) until the client authenticates with an advertised method.
  assert.equal((await client.request("session/new", { cwd, mcpServers: [] })).error.code, -32000);
  await client.request("authenticate", { methodId: "token" });
  const created = await client.request("session/new", { cwd, mcpServers: [] });
  assert.equal(created.result.modes.currentModeId, "ask");
  const sessionId = created.result.sessionId;
  assert.equal((await client.request("session/set_mode", { sessionId, modeId: "code" })).error, undefined);
  assert.equal((await client.request("session/set_mode", { sessionId, modeId: "yolo" })).error.code, -32602);

  // session/load replays the saved history before it answers.
  await client.request("session/load", { sessionId: "saved-1", cwd, mcpServers: [] });
  const replayed = client.seen.filter((frame) => frame.params?.sessionId === "saved-1");
  assert.deepEqual(
    replayed.map((frame) => frame.params.update.content.text),
    ["earlier question", "earlier answer"],
  );

  // The turn: a plan, usage, an update variant of a later version, then the withdrawn permission request.
  const turn = await client.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] });
  assert.equal(turn.result.stopReason, "end_turn");
  const kinds = client.seen
    .filter((frame) => frame.method === "session/update" && frame.params.sessionId === sessionId)
    .map((frame) => frame.params.update.sessionUpdate);
  assert.deepEqual(kinds, ["plan", "usage_update", "_kit_later_variant", "agent_message_chunk"]);
  const withdrawn = agent.log.events.find(
    (event) => event.kind === "response" && event.method === "session/request_permission",
  );
  assert.equal(withdrawn?.error?.code, -32800);

  client.end();
  await agent.log.waitFor((event) => event.kind === "ended");
  await agent.close();
});
