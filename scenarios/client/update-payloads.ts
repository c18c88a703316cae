/**
 * The session/update payloads the kit's agent sends to test what a client survives, one group
 * per requirement: every variant of the stable v1 schema with its options spread out (every
 * tool kind and status, every content type, every plan priority and status...), then what a
 * later version or an extension may send (unknown variants and fields, `_meta` everywhere, a
 * custom notification). Payloads that carry text carry a nonce, so a client that shows the
 * agent's text can be checked to show them too.
 */
import type { AgentAction } from "../../peers/script-types.js";
import { laterVersionGroups } from "./update-payloads-later.js";
import type { UpdateGroup } from "./update-group.js";

export type { UpdateGroup } from "./update-group.js";

/** The config option a client must never set: its type is one v1 does not define. */
export const UNKNOWN_TYPE_OPTION = "kit-slider";

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
/** A 44-byte WAV header with no samples. */
const WAV_EMPTY = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";
const FILE = "/acp-conformance/example/notes.txt";
const KINDS = [
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
];
const STATUSES = ["pending", "in_progress", "completed", "failed"];

const update = (body: Record<string, unknown>): AgentAction => ({ update: body });
const chunk = (sessionUpdate: string, messageId: string, content: Record<string, unknown>) =>
  update({ sessionUpdate, messageId, content });
const text = (value: string) => ({ type: "text", text: value });

const selectOption = (id: string, category: string | undefined) => ({
  id,
  name: `Option ${id}`,
  ...(category === undefined ? {} : { category }),
  type: "select",
  currentValue: "one",
  options: [
    { value: "one", name: "One" },
    { value: "two", name: "Two" },
  ],
});

/**
 * The stable groups and the extension groups, in the order the agent sends them. The config
 * option groups come first: their categories are a must, and a client that crashes at an
 * earlier group would leave that must untested.
 */
export function updateGroups(nonces: { chunks: string; unknown: string; meta: string }): UpdateGroup[] {
  return [
    {
      requirement: "client.events.survives-config-update",
      what: 'a config_option_update with options of no category, category "_kit_custom" and category "kit_future"',
      actions: [
        update({
          sessionUpdate: "config_option_update",
          configOptions: [
            selectOption("kit-plain", undefined),
            selectOption("kit-custom", "_kit_custom"),
            selectOption("kit-future", "kit_future"),
            selectOption("kit-model", "model"),
          ],
        }),
      ],
    },
    {
      requirement: "client.events.ignores-unknown-config-type",
      what: `a config_option_update with an option of type "_kit_slider" (${UNKNOWN_TYPE_OPTION})`,
      actions: [
        update({
          sessionUpdate: "config_option_update",
          configOptions: [
            selectOption("kit-plain", undefined),
            {
              id: UNKNOWN_TYPE_OPTION,
              name: "A slider",
              type: "_kit_slider",
              currentValue: 3,
              min: 0,
              max: 10,
            },
          ],
        }),
      ],
    },
    {
      requirement: "client.events.survives-message-chunks",
      what: "agent_thought_chunk, agent_message_chunk and user_message_chunk under three messageIds, interleaved",
      shownText: nonces.chunks,
      actions: [
        chunk("agent_thought_chunk", "kit-msg-thought", text("Thinking about it. ")),
        chunk("agent_message_chunk", "kit-msg-answer", text(`${nonces.chunks} `)),
        chunk("user_message_chunk", "kit-msg-user", text("What the user said earlier.")),
        chunk("agent_thought_chunk", "kit-msg-thought", text("Still thinking.")),
        chunk("agent_message_chunk", "kit-msg-answer", text("(continued) ")),
      ],
    },
    {
      requirement: "client.events.survives-tool-calls",
      what: "tool_call of every kind and status with locations, and tool_call_updates carrying only a status, content, a diff or a terminal",
      actions: [
        ...KINDS.map((kind, index) =>
          update({
            sessionUpdate: "tool_call",
            toolCallId: `kit-tool-${kind}`,
            title: `A ${kind} tool`,
            kind,
            status: STATUSES[index % STATUSES.length],
            locations: [{ path: FILE, line: index + 1 }, { path: FILE }],
            rawInput: { kind },
          }),
        ),
        update({ sessionUpdate: "tool_call_update", toolCallId: "kit-tool-read", status: "in_progress" }),
        update({
          sessionUpdate: "tool_call_update",
          toolCallId: "kit-tool-read",
          content: [{ type: "content", content: text("The file's first lines.") }],
        }),
        update({
          sessionUpdate: "tool_call_update",
          toolCallId: "kit-tool-edit",
          content: [
            { type: "diff", path: FILE, oldText: "old line\n", newText: "new line\n" },
            { type: "diff", path: `${FILE}.new`, oldText: null, newText: "a new file\n" },
          ],
        }),
        update({
          sessionUpdate: "tool_call_update",
          toolCallId: "kit-tool-execute",
          content: [{ type: "terminal", terminalId: "kit-terminal-1" }],
        }),
        update({
          sessionUpdate: "tool_call_update",
          toolCallId: "kit-tool-read",
          status: "completed",
          locations: [{ path: FILE, line: 10 }],
          rawOutput: { lines: 10 },
        }),
      ],
    },
    {
      requirement: "client.events.survives-agent-content",
      what: "agent_message_chunks of an image, audio, an embedded text and blob resource and a resource_link",
      actions: [
        chunk("agent_message_chunk", "kit-msg-media", {
          type: "image",
          mimeType: "image/png",
          data: PNG_1X1,
        }),
        chunk("agent_message_chunk", "kit-msg-media", {
          type: "audio",
          mimeType: "audio/wav",
          data: WAV_EMPTY,
        }),
        chunk("agent_message_chunk", "kit-msg-media", {
          type: "resource",
          resource: { uri: `file://${FILE}`, mimeType: "text/plain", text: "embedded text" },
        }),
        chunk("agent_message_chunk", "kit-msg-media", {
          type: "resource",
          resource: { uri: `file://${FILE}.bin`, mimeType: "application/octet-stream", blob: "AAEC" },
        }),
        chunk("agent_message_chunk", "kit-msg-media", {
          type: "resource_link",
          uri: `file://${FILE}`,
          name: "notes.txt",
          mimeType: "text/plain",
          size: 13,
        }),
      ],
    },
    {
      requirement: "client.events.survives-plan",
      what: "a plan with every priority and status, a replacement plan of one entry, then an empty plan",
      actions: [
        update({
          sessionUpdate: "plan",
          entries: ["high", "medium", "low"].flatMap((priority) =>
            ["pending", "in_progress", "completed"].map((status) => ({
              content: `A ${priority} task, ${status}`,
              priority,
              status,
            })),
          ),
        }),
        update({
          sessionUpdate: "plan",
          entries: [{ content: "The one task left", priority: "high", status: "in_progress" }],
        }),
        update({ sessionUpdate: "plan", entries: [] }),
      ],
    },
    {
      requirement: "client.events.survives-mode-update",
      what: "a current_mode_update",
      actions: [update({ sessionUpdate: "current_mode_update", currentModeId: "kit-architect" })],
    },
    {
      requirement: "client.events.survives-session-info-update",
      what: "session_info_update with a title, then with only updatedAt, then with title null",
      actions: [
        update({ sessionUpdate: "session_info_update", title: "A session titled by the kit" }),
        update({ sessionUpdate: "session_info_update", updatedAt: "2026-01-02T03:04:05Z" }),
        update({ sessionUpdate: "session_info_update", title: null }),
      ],
    },
    {
      requirement: "client.events.survives-usage-update",
      what: "usage_update with used and size, then with a cost",
      actions: [
        update({ sessionUpdate: "usage_update", used: 1200, size: 200000 }),
        update({
          sessionUpdate: "usage_update",
          used: 2400,
          size: 200000,
          cost: { amount: 0.0123, currency: "USD" },
        }),
      ],
    },
    ...laterVersionGroups(nonces),
  ];
}
