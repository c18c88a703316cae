/**
 * session-matching, the message ids of a session/load replay: when the agent gives them, each
 * names one replayed message, so chunks that share an id are one run of one kind (the prompt's
 * user_message_chunk, the answer's agent_message_chunk...), never two messages. Recorded by
 * the load scenario (sessions.ts) on each replay it judges.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import type { AgentUnderTest } from "./driver.js";
import { updateBody } from "./driver-extras.js";
import { excerptAround } from "./evidence.js";
import { updateKind } from "./session-updates.js";

const REQUIREMENT = "agent.session-matching.replay-message-ids-distinct";

/** `replayed`: the session's conversation updates of one replay, in the order they came. */
export function judgeReplayMessageIds(
  context: ScenarioContext,
  agent: AgentUnderTest,
  replayed: readonly IncomingMessage[],
  where: string,
): void {
  const identified = replayed.filter((update) => typeof updateBody(update).messageId === "string");
  if (identified.length === 0) {
    context.check({
      requirement: REQUIREMENT,
      verdict: "not-applicable",
      message: `session/load ${where} replayed no messageId (they are optional)`,
    });
    return;
  }
  // A message is a run of chunks with one id and one kind; an id seen again after its run ended names two messages.
  const ended = new Set<string>();
  let current: { id: string; kind: string | undefined } | undefined;
  for (const update of identified) {
    const id = updateBody(update).messageId as string;
    const kind = updateKind(update);
    if (current?.id === id && current.kind === kind) continue;
    if (current) ended.add(current.id);
    if (ended.has(id) || current?.id === id) {
      context.check({
        requirement: REQUIREMENT,
        verdict: "fail",
        message: `session/load ${where} replayed two messages under the messageId ${JSON.stringify(id)} (the second a ${kind}); each replayed message needs an id of its own`,
        evidence: { transcript: excerptAround(agent.transcript, update.seq) },
      });
      return;
    }
    current = { id, kind };
  }
  context.check({
    requirement: REQUIREMENT,
    verdict: "pass",
    message: `session/load ${where} gave each of the ${ended.size + 1} replayed messages a messageId of its own`,
  });
}
