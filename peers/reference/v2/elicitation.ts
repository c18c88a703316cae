/**
 * The v2 reference agent's elicitation turn (ELICITATION_PROMPT), as v1's (../elicitation.ts):
 * it asks the user to choose a strategy through elicitation/create (docs/protocol/v2/
 * elicitation.mdx), only in a mode the client advertised in `capabilities.elicitation` with a
 * non-null form or url, form first; with neither it falls back to a default without asking. The
 * question belongs to a tool call announced first (its first tool_call_update), which completes
 * only on a valid answer: form content is validated again (a wrong answer is asked once more),
 * and decline, cancel or a failed request fail the tool call, never the turn. A url elicitation
 * gets a fresh elicitationId and, once accepted, an elicitation/complete naming it. While it
 * waits for the user the session is `requires_action`, and `running` again once answered.
 */
import { randomUUID } from "node:crypto";
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { advertisedModes, askByForm, askByUrl, type Choice, STRATEGIES } from "../elicitation-questions.js";

interface ElicitationTurn {
  client: acp.AgentContext;
  sessionId: string;
  capabilities: acp.ClientCapabilities | undefined;
  signal: AbortSignal;
}

const update = (turn: ElicitationTurn, body: acp.SessionUpdate) =>
  turn.client.notify(acp.methods.client.session.update, { sessionId: turn.sessionId, update: body });

const say = (turn: ElicitationTurn, text: string) =>
  update(turn, {
    sessionUpdate: "agent_message_chunk",
    messageId: randomUUID(),
    content: { type: "text", text },
  });

export async function elicitationTurnV2(turn: ElicitationTurn): Promise<"end_turn" | "cancelled"> {
  const { form, url } = advertisedModes(turn.capabilities?.elicitation);
  if (!form && !url) {
    await say(turn, `The client offers no elicitation mode, so I went with the ${STRATEGIES[0]} strategy.`);
    return "end_turn";
  }
  const toolCallId = `tool-${randomUUID()}`;
  await update(turn, {
    sessionUpdate: "tool_call_update",
    toolCallId,
    title: "Choose a strategy",
    kind: "other",
    status: "pending",
  });
  await update(turn, { sessionUpdate: "state_update", state: "requires_action" });
  let choice: Choice;
  try {
    const ask = (params: acp.CreateElicitationRequest) =>
      turn.client.request(acp.methods.client.elicitation.create, params, { cancellationSignal: turn.signal });
    const complete = (elicitationId: string) =>
      turn.client.notify(acp.methods.client.elicitation.complete, { elicitationId });
    choice = form
      ? await askByForm(ask, turn.sessionId, toolCallId)
      : await askByUrl(ask, complete, turn.sessionId, toolCallId);
  } catch (error) {
    choice = { refused: `the client could not ask (${(error as Error).message})` };
  }
  if (turn.signal.aborted) {
    await update(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "cancelled" });
    return "cancelled";
  }
  await update(turn, { sessionUpdate: "state_update", state: "running" });
  if ("strategy" in choice) {
    await update(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
    await say(turn, `Going with the ${choice.strategy} strategy.`);
  } else {
    await update(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
    await say(turn, `No strategy was chosen: ${choice.refused}.`);
  }
  return "end_turn";
}
