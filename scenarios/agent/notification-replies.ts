/**
 * Replies the agent sent without an id: to a notification (which must get none) or to a line
 * the agent could not parse. Scenarios that provoke them claim them from the envelope check,
 * so each is reported once, under the requirement the scenario is about.
 */
import type { IncomingMessage } from "../../kit/wire/connection.js";
import type { AgentUnderTest } from "./driver.js";

export function isReplyWithoutId(incoming: IncomingMessage): boolean {
  return (
    incoming.message.kind === "response" &&
    (incoming.message.id === null || !Object.hasOwn(incoming.value as object, "id"))
  );
}

/** Once the agent has settled: its id-less replies since `fromSeq`, claimed from the envelope check. */
export async function claimRepliesWithoutId(
  agent: AgentUnderTest,
  fromSeq: number,
): Promise<IncomingMessage[]> {
  await agent.settle();
  const replies = agent.connection.received.filter(
    (incoming) => incoming.seq >= fromSeq && isReplyWithoutId(incoming),
  );
  agent.connection.claimProblems(
    (problem) => problem.kind === "envelope" && replies.some((reply) => reply.seq === problem.seq),
  );
  return replies;
}
