/**
 * The v2 reference agent's prompt turns, scripted by the same prompt texts as v1's
 * (peers/reference/triggers.ts). A v2 turn runs after the session/prompt acknowledgment: the
 * user message is reported with the agent's messageId, `running` precedes the work, and an idle
 * `state_update` with the stop reason ends it; cancellation ends it idle with `cancelled`.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import {
  ELICITATION_PROMPT,
  LONG_TURN_PROMPT,
  PERMISSION_PROMPT,
  RUN_COMMAND_PROMPT,
  WRITE_FILE_PROMPT,
} from "../triggers.js";
import { elicitationTurnV2 } from "./elicitation.js";
import type { ReferenceSessionsV2, ReferenceSessionV2 } from "./sessions.js";
import { pathAfter, runCommandTurn, writeFileTurn } from "./tool-turns.js";

const LONG_TURN_LIMIT_MS = 30_000;
const LONG_TURN_TICK_MS = 100;

type StopReason = "end_turn" | "cancelled";

export interface TurnContext {
  client: acp.AgentContext;
  sessions: ReferenceSessionsV2;
  session: ReferenceSessionV2;
  signal: AbortSignal;
  /** What the client advertised in initialize (its elicitation modes). */
  clientCapabilities: acp.ClientCapabilities | undefined;
}

export function promptText(prompt: readonly acp.ContentBlock[]): string {
  return prompt.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

function notify(turn: TurnContext, update: acp.SessionUpdate): Promise<void> {
  return turn.client.notify(acp.methods.client.session.update, { sessionId: turn.session.sessionId, update });
}

async function say(turn: TurnContext, text: string, messageId: string): Promise<void> {
  await notify(turn, { sessionUpdate: "agent_message_chunk", messageId, content: { type: "text", text } });
}

/** Streams a message chunk every 100 ms until cancelled (or 30 s pass): the kit's cancel turn. */
async function longTurn(turn: TurnContext): Promise<StopReason> {
  const messageId = randomUUID();
  const started = Date.now();
  for (let tick = 1; Date.now() - started < LONG_TURN_LIMIT_MS; tick++) {
    if (turn.signal.aborted) return "cancelled";
    await say(turn, `still working (${tick})… `, messageId);
    await delay(LONG_TURN_TICK_MS, undefined, { signal: turn.signal }).catch(() => undefined);
  }
  return turn.signal.aborted ? "cancelled" : "end_turn";
}

/** Announces a tool call, asks permission while `requires_action`, and runs it only if allowed. */
async function permissionTurn(turn: TurnContext): Promise<StopReason> {
  const toolCallId = `tool-${randomUUID()}`;
  const title = "Write acp-conformance.txt";
  await notify(turn, {
    sessionUpdate: "tool_call_update",
    toolCallId,
    title,
    kind: "edit",
    status: "pending",
  });
  await notify(turn, { sessionUpdate: "state_update", state: "requires_action" });
  let allowed = false;
  try {
    const answer = await turn.client.request(
      acp.methods.client.session.requestPermission,
      {
        sessionId: turn.session.sessionId,
        title: "Allow writing acp-conformance.txt?",
        subject: { type: "tool_call", toolCall: { toolCallId } },
        options: [
          { optionId: "allow", name: "Allow once", kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
      },
      // session/cancel withdraws the question with $/cancel_request and stops waiting for it.
      { cancellationSignal: turn.signal, stopWaitingOnCancel: true },
    );
    allowed = answer.outcome.outcome === "selected" && answer.outcome.optionId === "allow";
  } catch (error) {
    if (!turn.signal.aborted) throw error;
  }
  if (turn.signal.aborted) {
    await notify(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "cancelled" });
    return "cancelled";
  }
  await notify(turn, { sessionUpdate: "state_update", state: "running" });
  if (!allowed) {
    await notify(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
    await say(turn, "Permission denied; the file was not written.", randomUUID());
    return "end_turn";
  }
  await notify(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "in_progress" });
  await notify(turn, { sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
  return "end_turn";
}

/**
 * One foreground turn, started once session/prompt has been acknowledged with the user message's
 * id: the user message, running, the scripted work, and idle with the stop reason.
 */
export async function runTurn(
  turn: TurnContext,
  userMessageId: string,
  prompt: acp.ContentBlock[],
): Promise<void> {
  const text = promptText(prompt);
  turn.sessions.record(turn.session, { role: "user", messageId: userMessageId, text });
  await notify(turn, { sessionUpdate: "user_message", messageId: userMessageId, content: prompt });
  await notify(turn, { sessionUpdate: "state_update", state: "running" });
  let stopReason: StopReason = "end_turn";
  const toolNotify = (update: acp.SessionUpdate) => notify(turn, update);
  try {
    if (text.includes(LONG_TURN_PROMPT)) stopReason = await longTurn(turn);
    else if (text.includes(PERMISSION_PROMPT)) stopReason = await permissionTurn(turn);
    else if (text.includes(ELICITATION_PROMPT))
      stopReason = await elicitationTurnV2({
        client: turn.client,
        sessionId: turn.session.sessionId,
        capabilities: turn.clientCapabilities,
        signal: turn.signal,
      });
    else if (text.includes(WRITE_FILE_PROMPT))
      await writeFileTurn(toolNotify, pathAfter(text, WRITE_FILE_PROMPT, turn.session.cwd));
    else if (text.includes(RUN_COMMAND_PROMPT))
      await runCommandTurn(toolNotify, pathAfter(text, RUN_COMMAND_PROMPT, turn.session.cwd));
    else {
      const messageId = randomUUID();
      const answer = `You said: ${text.slice(0, 200)}`;
      await say(turn, answer, messageId);
      turn.sessions.record(turn.session, { role: "agent", messageId, text: answer });
      if (turn.signal.aborted) stopReason = "cancelled";
    }
  } finally {
    turn.session.turn = undefined;
    await notify(
      turn,
      stopReason === "cancelled"
        ? { sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" }
        : { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" },
    );
  }
}
