/**
 * Tiny ACP v2 agents made with the SDK's own v2 agent builder, for the mock client's v2 tests
 * (peers-mock-client-v2.test.ts): an independent judge, since the SDK parses every request with
 * the v2 schema and answers a malformed one with an error.
 */
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";

/** What the tiny agent saw: the permission outcomes it got, the sessions cancelled, its auth and config calls. */
export interface AgentRecord {
  permissionOutcomes: unknown[];
  cancelled: string[];
  calls: unknown[];
}

/**
 * A tiny v2 agent: each prompt is acknowledged with its messageId, then its turn runs after
 * the response (user_message, running, the work, agent_message, idle with the stop reason).
 * "wait for cancel" runs until session/cancel; "ask permission" asks before its tool call;
 * "snapshot first" repeats the idle state before it starts.
 */
export function tinyV2Agent(record: AgentRecord): v2.AgentApp {
  const history = new Map<string, v2.SessionUpdate[]>();
  const cancels = new Map<string, () => void>();
  let count = 0;
  return v2
    .agent({ name: "tiny-v2-agent" })
    .onRequest("initialize", () => ({
      protocolVersion: 2,
      info: { name: "tiny-v2-agent", version: "0.0.1" },
      capabilities: { session: {} },
      authMethods: [{ type: "agent", methodId: "token", name: "Token" }],
    }))
    .onRequest("auth/login", ({ params }) => void record.calls.push(["auth/login", params.methodId]))
    .onRequest("auth/logout", () => void record.calls.push(["auth/logout"]))
    .onRequest("session/set_config_option", ({ params }) => {
      const { configId, type, value } = params as { configId: string; type: string; value: unknown };
      record.calls.push(["session/set_config_option", configId, type, value]);
      return { configOptions: [] };
    })
    .onRequest("session/new", () => {
      const sessionId = `session-${++count}`;
      history.set(sessionId, []);
      return { sessionId };
    })
    .onRequest("session/resume", async ({ params, client }) => {
      if (params.replayFrom?.type === "start")
        for (const update of history.get(params.sessionId) ?? [])
          await client.notify("session/update", { sessionId: params.sessionId, update });
      await client.notify("session/update", {
        sessionId: params.sessionId,
        update: { sessionUpdate: "state_update", state: "idle" },
      });
      return {};
    })
    .onRequest("session/list", () => ({ sessions: [] }))
    .onRequest("session/close", () => ({}))
    .onRequest("session/prompt", ({ params, client }) => {
      const messageId = `message-${++count}`;
      const text = String((params.prompt[0] as { text?: unknown } | undefined)?.text ?? "");
      setImmediate(() => void runTurn(client, params.sessionId, messageId, text));
      return { messageId };
    })
    .onNotification("session/cancel", ({ params }) => {
      record.cancelled.push(params.sessionId);
      cancels.get(params.sessionId)?.();
    });

  async function runTurn(client: v2.AgentContext, sessionId: string, messageId: string, text: string) {
    const send = async (update: v2.SessionUpdate) => {
      history.get(sessionId)?.push(update);
      await client.notify("session/update", { sessionId, update });
    };
    // Listen for the cancel before the first update: the client may cancel as soon as it sees one.
    const cancelled = new Promise<void>((resolve) => cancels.set(sessionId, resolve));
    // A repeated state snapshot (idle, no stop reason) before the work: not the turn's end.
    if (text === "snapshot first") await send({ sessionUpdate: "state_update", state: "idle" });
    await send({ sessionUpdate: "user_message", messageId, content: [{ type: "text", text }] });
    await send({ sessionUpdate: "state_update", state: "running" });
    if (text === "wait for cancel") {
      await cancelled;
      await send({ sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" });
      return;
    }
    if (text === "ask permission") {
      await send({
        sessionUpdate: "tool_call_update",
        toolCallId: "call-1",
        title: "Edit",
        status: "pending",
      });
      // A cancel of the turn withdraws the question with $/cancel_request (the SDK sends it on abort).
      const withdraw = new AbortController();
      void cancelled.then(() => withdraw.abort());
      const question = {
        sessionId,
        title: "Edit notes.txt?",
        subject: { type: "tool_call" as const, toolCall: { toolCallId: "call-1" } },
        options: [
          { optionId: "yes", name: "Allow", kind: "allow_once" as const },
          { optionId: "no", name: "Reject", kind: "reject_once" as const },
        ],
      };
      const answer = await client.request("session/request_permission", question, {
        cancellationSignal: withdraw.signal,
      });
      record.permissionOutcomes.push(answer.outcome);
      if (withdraw.signal.aborted) {
        await send({ sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" });
        return;
      }
      const allowed = answer.outcome.outcome === "selected" && "optionId" in answer.outcome;
      await send({
        sessionUpdate: "tool_call_update",
        toolCallId: "call-1",
        status: allowed ? "completed" : "failed",
      });
    }
    const reply = { type: "text" as const, text: `echo: ${text}` };
    await send({ sessionUpdate: "agent_message", messageId: `reply-${messageId}`, content: [reply] });
    await send({ sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" });
  }
}

/** A v2 agent program for the spawned run: one turn per prompt, on stdio. */
export function spawnedAgentSource(sdkUrl: string): string {
  return `import { Readable, Writable } from "node:stream";
import { agent, ndJsonStream } from ${JSON.stringify(sdkUrl)};
const app = agent({ name: "spawned-tiny-v2-agent" })
  .onRequest("initialize", () => ({ protocolVersion: 2, info: { name: "spawned", version: "0" }, capabilities: { session: {} } }))
  .onRequest("session/new", () => ({ sessionId: "s1" }))
  .onRequest("session/prompt", ({ params, client }) => {
    const update = (u) => client.notify("session/update", { sessionId: params.sessionId, update: u });
    setImmediate(async () => {
      await update({ sessionUpdate: "user_message", messageId: "m1", content: params.prompt });
      await update({ sessionUpdate: "state_update", state: "running" });
      await update({ sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" });
    });
    return { messageId: "m1" };
  });
app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
`;
}
