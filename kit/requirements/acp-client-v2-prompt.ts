/**
 * How an ACP v2 client runs a prompt turn (prompt-lifecycle.mdx): the prompt's response only
 * acknowledges it, the turn ends at the session's idle `state_update` with each stop reason, and
 * messages are upserts by `messageId`; a cancel answers the pending permission request cancelled. Joined into the client's requirements in acp-client.ts.
 */
import type { Requirement } from "./types.js";

const LIFECYCLE = "docs/protocol/v2/prompt-lifecycle.mdx";

const client = <const R extends Omit<Requirement, "protocol" | "side" | "versions">>(requirement: R) => ({
  protocol: "acp" as const,
  side: "client" as const,
  versions: [2] as const,
  ...requirement,
});

export const ACP_CLIENT_V2_PROMPT_REQUIREMENTS = [
  client({
    id: "client.v2.prompt.turn-ends-at-idle",
    title:
      "the client takes the session/prompt response as an acknowledgment: it keeps the turn (and the agent) until the idle state_update, showing the text sent after the response",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#2-prompt-accepted`,
    rationale:
      "v2 moves completion from the prompt's response to the idle state_update and the migration guide tells clients not to treat the response as completion; the spec gives the client no keyword, so the kit takes the position that a client which ends the turn at the acknowledgment (losing the agent's output) is wrong.",
  }),
  client({
    id: "client.v2.prompt.ends-turn-on-every-stop-reason",
    title:
      "an idle state_update with max_tokens, max_turn_requests, refusal, cancelled or a custom stop reason (_kit_stop) ends the turn: the client exits by itself in time (its exit code is its own policy)",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#4-report-completion`,
    rationale:
      "As in v1 (client.prompt.ends-turn-on-every-stop-reason), the schema lists the stop reasons and the spec gives the client no keyword nor which is a success; each must end the turn without a hang, and the exit code is only reported. A custom or future stop reason ends the turn with a generic stopped state (prompt-lifecycle.mdx#stop-reasons).",
  }),
  client({
    id: "client.v2.prompt.message-upsert",
    title:
      "a message chunk followed by an agent_message with the same messageId is shown as the agent_message's content (the update replaces the message)",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#message-ids`,
    rationale:
      "The spec defines message updates as upserts (content replaces what chunks accumulated) and tells clients to implement them, without a keyword; the kit can only judge what the client prints, so a client that prints both versions (a streaming transcript) is not tested rather than failed.",
  }),
  client({
    id: "client.v2.prompt.accepts-agent-user-message",
    title:
      "keeps working after the agent sends a user_message for the acknowledged prompt's messageId whose content differs from what the client sent (the agent's copy replaces it)",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#2-prompt-accepted`,
    rationale:
      "The spec makes the agent's user_message the source of truth for the user message and its updates upserts by messageId, without a keyword for the client; the kit takes the position that a client must take the agent's version (an expanded or rewritten prompt) and keep working. What a client shows of its history is not judged.",
  }),
  client({
    id: "client.v2.prompt.one-prompt-at-a-time",
    title:
      "no second session/prompt on a session before the agent's idle state_update ended the turn of the previous one (a prompt refused with an error starts no turn)",
    area: "prompt",
    level: "should",
    position: true,
    cite: `${LIFECYCLE}#6-continue-conversation`,
    rationale:
      "As in v1 (client.prompt.one-prompt-at-a-time), the spec describes the next prompt as following the end of the turn, without a keyword; in v2 the turn ends at the idle state_update, not at the prompt's response.",
  }),
] as const satisfies readonly Requirement[];

export const ACP_CLIENT_V2_CANCELLATION_REQUIREMENTS = [
  client({
    id: "client.v2.cancellation.cancelled-permission",
    title:
      "a client that cancels the turn (session/cancel) while a permission request is pending answers it with the cancelled outcome",
    area: "cancellation",
    level: "must",
    cite: `${LIFECYCLE}#cancellation`,
  }),
] as const satisfies readonly Requirement[];
