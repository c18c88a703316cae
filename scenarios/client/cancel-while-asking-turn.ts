/**
 * The turn the kit's agent plays while the client is to cancel with a permission request
 * pending, in v1 (permission.ts) and v2 (v2/cancellation.ts) alike: a pending tool call, a
 * permission request for it, and, once the answer is cancelled, an update after the cancel and
 * the cancelled stop reason; any other answer goes on to an ordinary end.
 */
import type { AgentAction } from "../../peers/script-types.js";
import { nonce } from "./agent-scripts.js";

export function cancelWhileAskingTurn(): AgentAction[] {
  return [
    {
      toolCall: {
        toolCallId: "kit-tool",
        title: "Delete the build",
        kind: "delete",
        status: "pending",
      },
    },
    { requestPermission: { toolCallId: "kit-tool", title: "Delete the build", as: "delete" } },
    // Cancelled: an update after the client's session/cancel, then the cancelled stop reason.
    {
      ifPermission: {
        as: "delete",
        outcome: "cancelled",
        then: [{ toolCallUpdate: { toolCallId: "kit-tool", status: "failed" } }, { stop: "cancelled" }],
      },
    },
    { message: nonce("after-permission") },
    { stop: "end_turn" },
  ];
}
