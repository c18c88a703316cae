/**
 * The script actions that are one v2 session/update each, in v2's shapes (migration.mdx, "At a
 * glance"): every message and thought chunk carries a `messageId`; a tool call is a
 * `tool_call_update` upsert (v2 has no `tool_call`), whose first sighting creates it; a plan is a
 * `plan_update` keyed by `planId`. A raw `update` goes out as written, so a script can send
 * whole-message upserts (`agent_message`) or anything malformed.
 */
import type { AgentAction } from "../../script-types.js";
import { updateForAction, type ActionUpdate } from "../update-actions.js";

/** v1 tool call fields with no v2 counterpart (v2 reports file changes as diffs and terminals as display state). */
const V1_ONLY_TOOL_FIELDS = ["sessionUpdate", "content", "locations", "rawInput", "rawOutput"];

function toolCallUpsert(fields: Record<string, unknown>): Record<string, unknown> {
  const upsert: Record<string, unknown> = { sessionUpdate: "tool_call_update" };
  for (const [key, value] of Object.entries(fields))
    if (!V1_ONLY_TOOL_FIELDS.includes(key)) upsert[key] = value;
  return upsert;
}

/**
 * The v2 update `action` sends, or undefined when it is not an update action; `newId` names
 * messages and plans, and "{{userMessageId}}" in a raw update becomes `userMessageId`.
 */
export function v2UpdateForAction(
  action: AgentAction,
  newId: (prefix: string) => string,
  userMessageId = "",
): ActionUpdate | undefined {
  if ("update" in action && JSON.stringify(action.update).includes("{{userMessageId}}"))
    return { body: JSON.parse(JSON.stringify(action.update).replaceAll("{{userMessageId}}", userMessageId)) };
  if ("toolCall" in action) return { body: toolCallUpsert(action.toolCall) };
  if ("toolCallUpdate" in action) return { body: toolCallUpsert(action.toolCallUpdate) };
  if ("plan" in action)
    return {
      body: {
        sessionUpdate: "plan_update",
        plan: { type: "items", planId: newId("plan"), entries: action.plan },
      },
    };
  if ("foreignUpdate" in action || "bigMessage" in action) {
    // The v1 shapes lack a messageId, which v2 requires on every chunk.
    const v1 = updateForAction(action, newId);
    return v1 && { ...v1, body: { ...v1.body, messageId: newId("message") } };
  }
  return updateForAction(action, newId); // message and thought chunks (with messageId), commands, raw updates
}
