/**
 * What v2 removed and a v2 agent must therefore never send (migration.mdx, "At a glance"): calls
 * to the client's file system and terminals, and the session/update variants v2 dropped. v2's
 * schema accepts an unknown variant as an extension point, so a removed one passes the schema;
 * these checks name it.
 */
import { excerptAround } from "../evidence.js";
import { isSessionUpdate } from "../session-updates.js";
import type { V2RunRecord } from "./v2-run-record.js";
import { updateOf } from "./turn-updates.js";

/** v1 update variants v2 removed or replaced, and what replaced them. */
export const REMOVED_UPDATES: Readonly<Record<string, string>> = {
  tool_call: "the first tool_call_update creates a tool call",
  plan: "plan_update",
  current_mode_update: "config_option_update",
};

export function recordRemovedSurfaceChecks(agent: V2RunRecord): void {
  if (agent.schemaVersion !== 2) return; // the run that negotiated v1 may use v1's surface
  const { context } = agent;
  const calls = agent.answers.removedCalls();
  if (calls.length > 0) {
    const call = calls[0]!;
    context.check({
      requirement: "agent.v2.capabilities.no-client-fs-terminal",
      verdict: "fail",
      message: `the agent called ${call.message.kind === "request" ? call.message.method : "?"}, a client method v2 removed (no client file system or terminal execution in v2)`,
      evidence: { transcript: excerptAround(agent.transcript, call.seq) },
    });
  } else if (agent.turns.length > 0)
    context.check({
      requirement: "agent.v2.capabilities.no-client-fs-terminal",
      verdict: "pass",
      message: `no fs/* or terminal/* call in ${agent.turns.length} prompt turn(s)`,
    });

  const updates = agent.connection.received.filter(isSessionUpdate);
  const removed = updates.find((incoming) =>
    Object.hasOwn(REMOVED_UPDATES, String(updateOf(incoming).sessionUpdate)),
  );
  if (removed) {
    const kind = String(updateOf(removed).sessionUpdate);
    context.check({
      requirement: "agent.v2.schema.no-removed-updates",
      verdict: "fail",
      message: `the agent sent a ${kind} update, a variant v2 removed (use ${REMOVED_UPDATES[kind]})`,
      evidence: { transcript: excerptAround(agent.transcript, removed.seq) },
    });
  } else if (updates.length > 0)
    context.check({
      requirement: "agent.v2.schema.no-removed-updates",
      verdict: "pass",
      message: `${updates.length} session/update notification(s), none a variant v2 removed`,
    });
}
