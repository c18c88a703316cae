/**
 * What an extension or a later draft may send a v2 client, for update-variants-v2.ts, one group
 * per requirement (extensibility.mdx, prompt-lifecycle.mdx#3-agent-reports-output): values v2
 * does not define where the schema has a fallback, `_meta` everywhere (trace context included),
 * an update for another sessionId, and a custom notification. `nonces` mark text the client must
 * show (meta) or must not show (foreign).
 */
import type { AgentAction } from "../../../peers/script-types.js";
import type { UpdateGroup } from "../update-group.js";

const FILE = "/acp-conformance/example/notes.txt";

const update = (body: Record<string, unknown>): AgentAction => ({ update: body });
const text = (value: string) => ({ type: "text", text: value });
const toolCall = (fields: Record<string, unknown>) =>
  update({ sessionUpdate: "tool_call_update", ...fields });

export function extensionGroupsV2(nonces: { meta: string; foreign: string }): UpdateGroup[] {
  return [
    {
      requirement: "client.v2.extensibility.survives-unknown-values",
      what: "a session/update variant v2 does not define, a _kit content block, a tool call of an unknown kind and status, and a notice of unknown severity",
      actions: [
        update({ sessionUpdate: "future_variant", payload: { anything: true } }),
        update({
          sessionUpdate: "agent_message_chunk",
          messageId: "kit-custom",
          content: { type: "_kit_block", data: 1 },
        }),
        toolCall({
          toolCallId: "kit-tool-future",
          title: "Future tool",
          kind: "future_kind",
          status: "_kit_status",
        }),
        update({ sessionUpdate: "notice", severity: "_kit_severity", title: "An unknown severity" }),
      ],
    },
    {
      requirement: "client.v2.extensibility.accepts-meta",
      what: "_meta on the notification's params, an agent message chunk, its content, a tool call, its content and locations, and a plan and its entries",
      shownText: nonces.meta,
      actions: [
        {
          frame: JSON.stringify({
            jsonrpc: "2.0",
            method: "session/update",
            params: {
              sessionId: "{{sessionId}}",
              _meta: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", kit: 1 },
              update: {
                sessionUpdate: "agent_message_chunk",
                messageId: "kit-meta",
                content: { type: "text", text: nonces.meta, _meta: { kit: 2 } },
                _meta: { kit: 3 },
              },
            },
          }),
        },
        toolCall({
          toolCallId: "kit-tool-meta",
          title: "With meta",
          _meta: { kit: 4 },
          content: [{ type: "content", content: text("meta"), _meta: { kit: 5 } }],
          locations: [{ path: FILE, _meta: { kit: 6 } }],
        }),
        update({
          sessionUpdate: "plan_update",
          _meta: { kit: 7 },
          plan: {
            type: "items",
            planId: "kit-plan-meta",
            _meta: { kit: 8 },
            entries: [{ content: "m", priority: "low", status: "pending", _meta: { kit: 9 } }],
          },
        }),
      ],
    },
    {
      requirement: "client.v2.session-matching.ignores-foreign-updates",
      what: "an agent message chunk for another sessionId, foreign-session",
      actions: [{ foreignUpdate: { text: nonces.foreign } }],
    },
    {
      requirement: "client.v2.extensibility.ignores-unknown-notification",
      what: "a custom notification _kit/noise",
      actions: [{ frame: JSON.stringify({ jsonrpc: "2.0", method: "_kit/noise", params: { n: 1 } }) }],
    },
  ];
}
