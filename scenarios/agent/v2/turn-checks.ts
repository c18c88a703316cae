/**
 * How v2 runs a prompt turn, judged over every turn the kit ran (prompt-lifecycle.mdx): the
 * session/prompt answer only acknowledges the prompt (the user message's id, no stop reason),
 * the user message is reported with that id, `running` comes before the turn's output, and an
 * idle `state_update` with a stop reason ends it. Message ids: never one id for two messages
 * (that each message update carries one, the v2 schema requires).
 */
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import type { V2RunRecord } from "./v2-run-record.js";
import { MESSAGE_UPDATES, isState, isTurnOutput, updateOf, type V2Turn } from "./turn-updates.js";

function acceptedTurns(agent: V2RunRecord): V2Turn[] {
  return agent.turns.filter((turn) => turn.ack.kind === "response" && !turn.ack.error);
}

function fail(
  agent: V2RunRecord,
  requirement: Parameters<V2RunRecord["context"]["check"]>[0]["requirement"],
  message: string,
  seq: number,
): void {
  agent.context.check({
    requirement,
    verdict: "fail",
    message,
    evidence: { transcript: excerptAround(agent.transcript, seq) },
  });
}

function pass(
  agent: V2RunRecord,
  requirement: Parameters<V2RunRecord["context"]["check"]>[0]["requirement"],
  message: string,
): void {
  agent.context.check({ requirement, verdict: "pass", message });
}

export function recordTurnChecks(agent: V2RunRecord): void {
  const turns = acceptedTurns(agent);
  if (turns.length === 0) {
    // A prompt the agent refused (or never answered) shows none of the turn's lifecycle.
    const refused = agent.turns[0];
    if (refused)
      agent.context.check({
        requirement: "agent.v2.prompt.acknowledged-without-stop-reason",
        verdict: "not-tested",
        message: `session/prompt was not accepted (${describeOutcome(refused.ack)}), so no turn ran to judge`,
      });
    return;
  }
  checkAcknowledgments(agent, turns);
  checkLifecycle(agent, turns);
  checkMessageIds(agent, turns);
}

function ackMessageId(turn: V2Turn): unknown {
  return turn.ack.kind === "response"
    ? (turn.ack.result as { messageId?: unknown } | undefined)?.messageId
    : undefined;
}

function checkAcknowledgments(agent: V2RunRecord, turns: V2Turn[]): void {
  const v1Style = turns.find(
    (turn) =>
      turn.ack.kind === "response" &&
      turn.ack.result &&
      typeof turn.ack.result === "object" &&
      "stopReason" in turn.ack.result,
  );
  if (v1Style && v1Style.ack.kind === "response")
    fail(
      agent,
      "agent.v2.prompt.acknowledged-without-stop-reason",
      `the session/prompt answer carries a stopReason (${JSON.stringify(v1Style.ack.result)}): in v2 it acknowledges the prompt, and the stop reason belongs on the idle state_update`,
      v1Style.ack.response.seq,
    );
  else
    pass(
      agent,
      "agent.v2.prompt.acknowledged-without-stop-reason",
      `${turns.length} session/prompt answer(s), each an acknowledgment without a stop reason`,
    );

  const unreported = turns.find((turn) => {
    const id = ackMessageId(turn);
    return !turn.updates.some((incoming) => {
      const update = updateOf(incoming);
      return (
        (update.sessionUpdate === "user_message" || update.sessionUpdate === "user_message_chunk") &&
        update.messageId === id
      );
    });
  });
  if (unreported)
    fail(
      agent,
      "agent.v2.prompt.user-message-reported",
      `no user_message or user_message_chunk with the acknowledged messageId ${JSON.stringify(ackMessageId(unreported))} came during the turn: the agent must report where it inserted the user message`,
      unreported.request.seq,
    );
  else
    pass(
      agent,
      "agent.v2.prompt.user-message-reported",
      `${turns.length} turn(s), each reporting its user message with the acknowledged messageId`,
    );
}

function checkLifecycle(agent: V2RunRecord, turns: V2Turn[]): void {
  const ended = turns.filter((turn) => turn.idle !== undefined);
  const unended = turns.find((turn) => turn.idle === undefined);
  if (unended)
    fail(
      agent,
      "agent.v2.prompt.ends-idle-with-stop-reason",
      `a turn (session/prompt id ${JSON.stringify(unended.request.id)}) got no idle state_update within --timeout and its grace; ${unended.updates.length} update(s) came`,
      unended.request.seq,
    );
  else {
    const bare = ended.find((turn) => typeof updateOf(turn.idle!).stopReason !== "string");
    if (bare)
      fail(
        agent,
        "agent.v2.prompt.ends-idle-with-stop-reason",
        `the idle state_update that ended the turn carries no stopReason: ${JSON.stringify(updateOf(bare.idle!))}`,
        bare.idle!.seq,
      );
    else
      pass(
        agent,
        "agent.v2.prompt.ends-idle-with-stop-reason",
        `${ended.length} turn(s), each ended by an idle state_update with a stop reason`,
      );
  }

  // Running before the turn's first output (the user message is the prompt's echo, not work).
  const judged = turns.filter((turn) =>
    turn.updates.some((incoming) => isTurnOutput(incoming) && !isUserMessage(incoming)),
  );
  const early = judged.find((turn) => {
    const firstOutput = turn.updates.find((incoming) => isTurnOutput(incoming) && !isUserMessage(incoming))!;
    return !turn.updates.some((incoming) => incoming.seq < firstOutput.seq && isState(incoming, "running"));
  });
  if (judged.length === 0)
    agent.context.check({
      requirement: "agent.v2.prompt.running-before-output",
      verdict: "not-tested",
      message: "no turn produced output (a message or a tool call) to see whether running came first",
    });
  else if (early) {
    const firstOutput = early.updates.find((incoming) => isTurnOutput(incoming) && !isUserMessage(incoming))!;
    fail(
      agent,
      "agent.v2.prompt.running-before-output",
      `the turn's first output (${String(updateOf(firstOutput).sessionUpdate)}) came before any state_update running`,
      firstOutput.seq,
    );
  } else
    pass(
      agent,
      "agent.v2.prompt.running-before-output",
      `${judged.length} turn(s), each reporting running before its first output`,
    );
}

function isUserMessage(incoming: IncomingMessage): boolean {
  const kind = updateOf(incoming).sessionUpdate;
  return kind === "user_message" || kind === "user_message_chunk";
}

function roleOf(kind: string): string {
  return kind.replace(/_chunk$/, "");
}

function checkMessageIds(agent: V2RunRecord, turns: V2Turn[]): void {
  const messages = turns
    .flatMap((turn) => turn.updates)
    .filter((incoming) => MESSAGE_UPDATES.has(String(updateOf(incoming).sessionUpdate)));
  // That each carries a messageId is the schema's to judge (agent.v2.schema.valid-payloads): v2 requires it.
  // One id, one message: never a user message and an agent message under one id, nor two prompts' user messages.
  const roles = new Map<string, string>();
  let clash: { incoming: IncomingMessage; detail: string } | undefined;
  for (const incoming of messages) {
    const update = updateOf(incoming);
    if (typeof update.messageId !== "string") continue;
    const role = roleOf(String(update.sessionUpdate));
    const earlier = roles.get(update.messageId);
    if (earlier !== undefined && earlier !== role) {
      clash ??= {
        incoming,
        detail: `messageId ${JSON.stringify(update.messageId)} names a ${earlier} and a ${role}`,
      };
    }
    roles.set(update.messageId, role);
  }
  const acked = turns.map(ackMessageId).filter((id) => typeof id === "string");
  const repeated = acked.find((id, index) => acked.indexOf(id) !== index);
  if (!clash && repeated !== undefined) {
    const turn = turns.filter((each) => ackMessageId(each) === repeated)[1]!;
    clash = {
      incoming: turn.ack.kind === "response" ? turn.ack.response : turn.updates[0]!,
      detail: `two prompts were acknowledged with the same user messageId ${JSON.stringify(repeated)}`,
    };
  }
  if (clash)
    fail(
      agent,
      "agent.v2.prompt.message-ids-distinct",
      `${clash.detail}: a changed messageId starts a new message, so one id must not stand for two`,
      clash.incoming.seq,
    );
  else if (messages.length > 0 || acked.length > 1)
    pass(
      agent,
      "agent.v2.prompt.message-ids-distinct",
      `${roles.size} message id(s) over ${turns.length} turn(s), none standing for two messages`,
    );
}
