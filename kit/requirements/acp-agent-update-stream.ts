/**
 * What an ACP agent owes in the stream of a turn's updates and its response, judged over every
 * turn of every scenario: message ids that keep one message together, cost currencies, and the
 * cancelled stop reason kept for turns the client cancelled.
 */
import { PROMPT_TURN } from "./acp-spec-pages.js";
import { agentRequirement as agent } from "./acp-agent-builder.js";
import type { Requirement } from "./types.js";

export const ACP_AGENT_UPDATE_STREAM_REQUIREMENTS = [
  agent({
    id: "agent.prompt.message-ids-consistent",
    title:
      "within a turn, a messageId does not come back on chunks of the same kind after another message's id was used",
    area: "prompt",
    level: "must",
    cite: "schema/v1/schema.json#/$defs/ContentChunk/properties/messageId",
    rationale:
      "The schema calls messageId a unique identifier of the message: chunks of one message share it and a changed id starts a new message (prompt-turn.mdx#message-ids), so an id coming back merges two messages.",
  }),
  agent({
    id: "agent.prompt.usage-currency-code",
    title:
      "a usage_update cost's currency is an upper-case ISO 4217 code, or a unit word; never a symbol or a lower-case code",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${PROMPT_TURN}#session-usage-updates`,
    rationale:
      'The docs say currency is an ISO 4217 code like "USD"; the schema also allows another unit such as "credits". The kit fails only what is neither: a symbol ("$") or a code in the wrong case ("usd").',
  }),
  agent({
    id: "agent.prompt.cancelled-only-when-cancelled",
    title:
      "a turn the client did not cancel (no session/cancel, $/cancel_request or session/close) does not end with stopReason cancelled",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${PROMPT_TURN}#stop-reasons`,
    rationale:
      "The spec defines cancelled as 'the Client cancels the turn' without forbidding other uses; a turn reported cancelled that the client never cancelled tells the user they stopped it.",
  }),
] as const satisfies readonly Requirement[];
