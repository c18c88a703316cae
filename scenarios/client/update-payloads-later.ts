/**
 * The update groups of what a later ACP version or an extension may send (update-payloads.ts has
 * the stable v1 variants): unknown variants and fields, `_meta` everywhere, a custom
 * notification. Text they carry holds a nonce, so a client that shows the agent's text can be
 * checked to show it.
 */
import type { AgentAction } from "../../peers/script-types.js";
import type { UpdateGroup } from "./update-group.js";

const FILE = "/acp-conformance/example/notes.txt";
const update = (body: Record<string, unknown>): AgentAction => ({ update: body });
const text = (value: string) => ({ type: "text", text: value });

export function laterVersionGroups(nonces: { unknown: string; meta: string }): UpdateGroup[] {
  return [
    {
      requirement: "client.extensibility.survives-unknown-update",
      what: 'session/update variants "kit_future_update" and "_kit_custom_update", and an agent_message_chunk and a tool_call with fields v1 does not define',
      shownText: nonces.unknown,
      actions: [
        update({ sessionUpdate: "kit_future_update", futureField: { nested: [1, 2, 3] } }),
        update({ sessionUpdate: "_kit_custom_update", value: "custom" }),
        update({
          sessionUpdate: "agent_message_chunk",
          messageId: "kit-msg-future",
          futureField: true,
          content: { type: "text", text: `${nonces.unknown} `, futureAnnotation: "x" },
        }),
        update({
          sessionUpdate: "tool_call",
          toolCallId: "kit-tool-future",
          title: "A tool of a later version",
          kind: "kit_future_kind",
          status: "kit_future_status",
          futureField: 1,
        }),
      ],
    },
    {
      requirement: "client.extensibility.accepts-meta",
      what: "_meta on the notification's params, the update, its content, a tool call, its content and locations, and a plan and its entries",
      shownText: nonces.meta,
      actions: [
        {
          frame: JSON.stringify({
            jsonrpc: "2.0",
            method: "session/update",
            params: {
              sessionId: "{{sessionId}}",
              _meta: {
                "kit.example/params": true,
                traceparent: "00-80e1afed08e019fc1110464cfa66635c-7a085853722dc6d2-01",
              },
              update: {
                sessionUpdate: "agent_message_chunk",
                messageId: "kit-msg-meta",
                _meta: { "kit.example/update": { nested: [1] } },
                content: { type: "text", text: `${nonces.meta} `, _meta: { "kit.example/content": "x" } },
              },
            },
          }),
        },
        update({
          sessionUpdate: "tool_call",
          toolCallId: "kit-tool-meta",
          title: "A tool with _meta",
          kind: "read",
          status: "completed",
          _meta: { "kit.example/tool": 1 },
          content: [{ type: "content", content: text("meta"), _meta: { "kit.example/item": 2 } }],
          locations: [{ path: FILE, line: 1, _meta: { "kit.example/location": 3 } }],
        }),
        update({
          sessionUpdate: "plan",
          _meta: { "kit.example/plan": 4 },
          entries: [
            { content: "A task", priority: "low", status: "pending", _meta: { "kit.example/entry": 5 } },
          ],
        }),
      ],
    },
    {
      requirement: "client.extensibility.ignores-unknown-notification",
      what: "a custom notification _kit/noise",
      actions: [
        {
          frame: JSON.stringify({
            jsonrpc: "2.0",
            method: "_kit/noise",
            params: { sessionId: "{{sessionId}}" },
          }),
        },
      ],
    },
  ];
}
