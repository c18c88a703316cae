/**
 * The script actions that are one session/update each (a message or thought chunk, a tool
 * call or its update, a plan, the available commands, a raw update, a big message, an update
 * for another session), as the update's body and the session it is sent for.
 */
import type { AgentAction } from "../script-types.js";

export interface ActionUpdate {
  body: Record<string, unknown>;
  /** The session the update names, when it is not the turn's own. */
  sessionId?: string;
}

/** The update `action` sends, or undefined when it is not an update action; `newId` names messages. */
export function updateForAction(
  action: AgentAction,
  newId: (prefix: string) => string,
): ActionUpdate | undefined {
  if ("message" in action)
    return {
      body: {
        sessionUpdate: "agent_message_chunk",
        messageId: action.messageId ?? newId("message"),
        content: { type: "text", text: action.message },
      },
    };
  if ("thought" in action)
    return {
      body: {
        sessionUpdate: "agent_thought_chunk",
        messageId: action.messageId ?? newId("thought"),
        content: { type: "text", text: action.thought },
      },
    };
  if ("toolCall" in action) return { body: { sessionUpdate: "tool_call", ...action.toolCall } };
  if ("toolCallUpdate" in action)
    return { body: { sessionUpdate: "tool_call_update", ...action.toolCallUpdate } };
  if ("plan" in action) return { body: { sessionUpdate: "plan", entries: action.plan } };
  if ("availableCommands" in action)
    return {
      body: { sessionUpdate: "available_commands_update", availableCommands: action.availableCommands },
    };
  if ("update" in action) return { body: action.update };
  if ("foreignUpdate" in action)
    return {
      body: {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: action.foreignUpdate.text },
      },
      sessionId: action.foreignUpdate.sessionId ?? "foreign-session",
    };
  if ("bigMessage" in action) {
    const head = action.bigMessage.text ?? "";
    const text = head + "x".repeat(Math.max(0, action.bigMessage.bytes - head.length));
    return { body: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } };
  }
  return undefined;
}
