/**
 * The reference agent's elicitation turn (ELICITATION_PROMPT): it asks the user to choose a
 * strategy, as a real agent would, through elicitation/create (docs/protocol/v1/elicitation.mdx).
 * Only in a mode the client advertised with a non-null form or url, form first; with neither it
 * falls back to a default without asking. The question belongs to an announced tool call, which
 * completes only on a valid answer: form content is validated again (a wrong answer is asked
 * once more), and decline, cancel or a failed request fail the tool call, never the turn. A url
 * elicitation gets a fresh elicitationId and, once accepted, an elicitation/complete naming it.
 * A cancelled turn cancels its pending elicitation with $/cancel_request (the SDK does, through
 * the turn's signal).
 */
import { randomUUID } from "node:crypto";
import * as acp from "@agentclientprotocol/sdk";

import { advertisedModes, askByForm, askByUrl, type Choice, STRATEGIES } from "./elicitation-questions.js";

interface ElicitationTurn {
  client: acp.AgentContext;
  sessionId: string;
  capabilities: acp.ClientCapabilities | undefined;
  signal: AbortSignal;
}

const say = (turn: ElicitationTurn, text: string) =>
  turn.client.notify(acp.methods.client.session.update, {
    sessionId: turn.sessionId,
    update: {
      sessionUpdate: "agent_message_chunk",
      messageId: randomUUID(),
      content: { type: "text", text },
    },
  });

export async function elicitationTurn(turn: ElicitationTurn): Promise<acp.StopReason> {
  const { form, url } = advertisedModes(turn.capabilities?.elicitation);
  if (!form && !url) {
    await say(turn, `The client offers no elicitation mode, so I went with the ${STRATEGIES[0]} strategy.`);
    return "end_turn";
  }
  const toolCallId = `tool-${randomUUID()}`;
  const update = (body: acp.SessionUpdate) =>
    turn.client.notify(acp.methods.client.session.update, { sessionId: turn.sessionId, update: body });
  await update({ sessionUpdate: "tool_call", toolCallId, title: "Choose a strategy", kind: "other" });
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
  if (turn.signal.aborted) return "cancelled";
  if ("strategy" in choice) {
    await update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
    await say(turn, `Going with the ${choice.strategy} strategy.`);
  } else {
    await update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
    await say(turn, `No strategy was chosen: ${choice.refused}.`);
  }
  return "end_turn";
}
