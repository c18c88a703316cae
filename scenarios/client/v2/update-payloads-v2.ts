/**
 * The session/update payloads the kit's v2 agent sends to test what a v2 client survives, one
 * group per requirement, in v2's shapes (prompt-lifecycle.mdx, tool-calls.mdx, agent-plan.mdx):
 * every variant of the v2 schema with its options spread out; with them, in the order
 * updateGroupsV2 gives, the agent's requests (request-payloads-v2.ts), the session's state
 * (update-payloads-v2-session-state.ts) and what an extension or a later draft may send
 * (update-payloads-v2-extensions.ts). Each known variant is valid against
 * schema/v2/schema.json (test/unit/update-payloads-v2.test.ts holds that), so a client that fails
 * on one fails on the protocol, not on a kit mistake. Payloads that carry agent message text
 * carry a nonce a client that shows the text must show.
 */
import type { AgentAction } from "../../../peers/script-types.js";
import type { UpdateGroup } from "../update-group.js";
import { requestGroupsV2 } from "./request-payloads-v2.js";
import { extensionGroupsV2 } from "./update-payloads-v2-extensions.js";
import { configGroupsV2, sessionStateGroupsV2 } from "./update-payloads-v2-session-state.js";

const FILE = "/acp-conformance/example/notes.txt";
const OTHER_FILE = "/acp-conformance/example/renamed.txt";
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
/** A 44-byte WAV header with no samples. */
const WAV_EMPTY = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";
const PATCH = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1 +1 @@\n-old\n+new\n";
const PRIORITIES = ["high", "medium", "low"];
const PLAN_STATUSES = ["pending", "in_progress", "completed", "cancelled"];
const TOOL_STATUSES = ["pending", "in_progress", "paused", "completed", "failed", "cancelled"];

const update = (body: Record<string, unknown>): AgentAction => ({ update: body });
const text = (value: string) => ({ type: "text", text: value });
const toolCall = (fields: Record<string, unknown>) =>
  update({ sessionUpdate: "tool_call_update", ...fields });

/**
 * The groups in the order the agent sends them; `nonces` mark text the client must show. The
 * groups of a must come first: a client that crashes at a later group leaves only shoulds untested.
 */
export function updateGroupsV2(nonces: { messages: string; meta: string; foreign: string }): UpdateGroup[] {
  const requests = requestGroupsV2();
  return [
    requests["client.v2.permission.answers-any-subject"]!,
    {
      requirement: "client.v2.events.handles-diff-without-patch",
      what: "tool call diffs with a git patch, with patch omitted (a binary modify, a delete, a move) and with patch null",
      actions: [
        toolCall({
          toolCallId: "kit-tool-diff",
          title: "Change files",
          kind: "edit",
          content: [
            {
              type: "diff",
              changes: [{ operation: "modify", path: FILE }],
              patch: { format: "git_patch", text: PATCH },
            },
          ],
        }),
        toolCall({
          toolCallId: "kit-tool-diff",
          content: [
            {
              type: "diff",
              changes: [{ operation: "modify", path: FILE, fileType: "binary", mimeType: "image/png" }],
            },
            { type: "diff", changes: [{ operation: "delete", path: OTHER_FILE }] },
            { type: "diff", changes: [{ operation: "move", oldPath: FILE, path: OTHER_FILE }] },
          ],
        }),
        toolCall({
          toolCallId: "kit-tool-diff",
          content: [{ type: "diff", changes: [{ operation: "add", path: OTHER_FILE }], patch: null }],
        }),
      ],
    },
    requests["client.v2.cancellation.cancel-request-answered"]!,
    requests["client.v2.capabilities.elicitation-unknown-complete-ignored"]!,
    // The config category group is a must; the session state groups come before the session variants, which repeat some of their kinds.
    ...configGroupsV2(),
    ...sessionStateGroupsV2(),
    requests["client.v2.capabilities.elicitation-mode-refused"]!,
    {
      requirement: "client.v2.events.survives-message-variants",
      what: "user_message and its chunk, agent_message, agent_thought and its chunk, agent message chunks of two interleaved messageIds, and an agent_message of image, audio, embedded resource and resource_link (with icons) blocks",
      shownText: nonces.messages,
      actions: [
        update({
          sessionUpdate: "user_message",
          messageId: "kit-user",
          content: [text("The user said this.")],
        }),
        update({ sessionUpdate: "user_message_chunk", messageId: "kit-user", content: text(" And this.") }),
        update({
          sessionUpdate: "agent_thought_chunk",
          messageId: "kit-thought",
          content: text("Thinking..."),
        }),
        update({ sessionUpdate: "agent_thought", messageId: "kit-thought", content: [text("Thought.")] }),
        update({ sessionUpdate: "agent_message_chunk", messageId: "kit-a", content: text("First ") }),
        update({ sessionUpdate: "agent_message_chunk", messageId: "kit-b", content: text(nonces.messages) }),
        update({ sessionUpdate: "agent_message_chunk", messageId: "kit-a", content: text("message.") }),
        update({ sessionUpdate: "agent_message", messageId: "kit-c" }),
        update({
          sessionUpdate: "agent_message",
          messageId: "kit-content",
          content: [
            { type: "image", data: PNG_1X1, mimeType: "image/png" },
            { type: "audio", data: WAV_EMPTY, mimeType: "audio/wav" },
            { type: "resource", resource: { uri: `file://${FILE}`, text: "notes", mimeType: "text/plain" } },
            { type: "resource", resource: { uri: `file://${OTHER_FILE}`, blob: "AAEC" } },
            {
              type: "resource_link",
              uri: `file://${FILE}`,
              name: "notes.txt",
              icons: [{ src: "https://example.com/icon.png", mimeType: "image/png", sizes: ["16x16"] }],
            },
          ],
        }),
      ],
    },
    {
      requirement: "client.v2.prompt.non-idle-states-keep-turn",
      what: "state_update requires_action, then running again, in the middle of the turn",
      actions: [
        update({ sessionUpdate: "state_update", state: "requires_action" }),
        update({ sessionUpdate: "state_update", state: "running" }),
      ],
    },
    {
      requirement: "client.v2.events.survives-tool-call-upserts",
      what: "a tool_call_update first seen with only its toolCallId, then updates of title, kind, every status, locations and content (a content block, a terminal reference, an unknown content type), a tool_call_content_chunk, and null to clear",
      actions: [
        toolCall({ toolCallId: "kit-tool-1" }),
        toolCall({ toolCallId: "kit-tool-1", title: "Edit notes", kind: "edit" }),
        ...TOOL_STATUSES.map((status) => toolCall({ toolCallId: "kit-tool-1", status })),
        toolCall({
          toolCallId: "kit-tool-1",
          locations: [{ path: FILE, line: 1 }, { path: OTHER_FILE }],
          content: [
            { type: "content", content: text("Tool output.") },
            { type: "terminal", terminalId: "kit-terminal-unseen" },
          ],
          rawInput: { path: FILE },
        }),
        update({
          sessionUpdate: "tool_call_content_chunk",
          toolCallId: "kit-tool-1",
          content: { type: "content", content: text(" More output.") },
        }),
        toolCall({ toolCallId: "kit-tool-1", content: [{ type: "_kit_content", payload: 1 }] }),
        toolCall({ toolCallId: "kit-tool-1", content: null, locations: null, title: null }),
      ],
    },
    {
      requirement: "client.v2.events.survives-terminal-updates",
      what: "a terminal_update before any tool call refers to it, output chunks, a snapshot, its exit, and a tool call that refers to it after",
      actions: [
        update({
          sessionUpdate: "terminal_update",
          terminalId: "kit-terminal",
          command: "echo ab",
          cwd: "/acp-conformance/example",
        }),
        update({ sessionUpdate: "terminal_output_chunk", terminalId: "kit-terminal", data: "YQ==" }),
        update({ sessionUpdate: "terminal_output_chunk", terminalId: "kit-terminal", data: "Yg==" }),
        update({ sessionUpdate: "terminal_update", terminalId: "kit-terminal", output: { data: "YWIK" } }),
        update({ sessionUpdate: "terminal_update", terminalId: "kit-terminal", exitStatus: { exitCode: 0 } }),
        toolCall({
          toolCallId: "kit-tool-terminal",
          title: "Run echo",
          kind: "execute",
          status: "completed",
          content: [{ type: "terminal", terminalId: "kit-terminal" }],
        }),
      ],
    },
    {
      requirement: "client.v2.events.survives-plan-updates",
      what: "an items plan with every priority and status, a second plan beside it, the first replaced and emptied, and a plan of a type v2 does not define",
      actions: [
        update({
          sessionUpdate: "plan_update",
          plan: {
            type: "items",
            planId: "kit-plan-1",
            entries: PRIORITIES.flatMap((priority) =>
              PLAN_STATUSES.map((status) => ({ content: `${priority} ${status}`, priority, status })),
            ),
          },
        }),
        update({
          sessionUpdate: "plan_update",
          plan: {
            type: "items",
            planId: "kit-plan-2",
            entries: [{ content: "Other", priority: "low", status: "pending" }],
          },
        }),
        update({
          sessionUpdate: "plan_update",
          plan: {
            type: "items",
            planId: "kit-plan-1",
            entries: [{ content: "Only", priority: "high", status: "completed" }],
          },
        }),
        update({ sessionUpdate: "plan_update", plan: { type: "items", planId: "kit-plan-1", entries: [] } }),
        update({
          sessionUpdate: "plan_update",
          plan: { type: "_kit_markdown", planId: "kit-plan-3", markdown: "# Plan" },
        }),
      ],
    },
    {
      requirement: "client.v2.events.survives-session-variants",
      what: "usage_update with a cost, session_info_update, available_commands_update, config_option_update, notice, and compaction_update",
      actions: [
        update({
          sessionUpdate: "usage_update",
          used: 1200,
          size: 200000,
          cost: { amount: 0.01, currency: "USD" },
        }),
        update({
          sessionUpdate: "session_info_update",
          title: "Kit session",
          updatedAt: "2026-01-01T00:00:00Z",
        }),
        update({
          sessionUpdate: "available_commands_update",
          availableCommands: [{ type: "command", name: "kit-help", description: "Shows help" }],
        }),
        update({
          sessionUpdate: "config_option_update",
          configOptions: [{ configId: "kit-flag", name: "Kit flag", type: "boolean", currentValue: true }],
        }),
        update({ sessionUpdate: "notice", severity: "info", title: "A notice from the kit" }),
        update({ sessionUpdate: "compaction_update", compactionId: "kit-compaction", status: "completed" }),
      ],
    },
    ...extensionGroupsV2(nonces),
  ];
}
