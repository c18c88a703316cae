/**
 * The reference agent's usage report: after a turn that used the client's tools it tells the
 * client what the session has cost (prompt-turn.mdx#session-usage-updates), with the currency as
 * an upper-case ISO 4217 code. It runs no model, so the context is empty and the cost zero.
 */
import * as acp from "@agentclientprotocol/sdk";

/** A context window size to report; the reference agent has no model, so any size is honest enough. */
const CONTEXT_WINDOW_TOKENS = 200_000;

export function reportUsage(client: acp.AgentContext, sessionId: string): Promise<void> {
  return client.notify(acp.methods.client.session.update, {
    sessionId,
    update: {
      sessionUpdate: "usage_update",
      used: 0,
      size: CONTEXT_WINDOW_TOKENS,
      cost: { amount: 0, currency: "USD" },
    },
  });
}
