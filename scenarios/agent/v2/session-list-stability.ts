/**
 * session/list only discovers (session-list.mdx#interaction-with-other-session-methods): two
 * listings with nothing between them list the same sessions with the same updatedAt, and the
 * agent sends no session/update because of them.
 */
import type { RequestOutcome } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptBetween } from "../evidence.js";
import { isSessionUpdate } from "../session-updates.js";
import type { AgentV2UnderTest } from "./driver.js";
import { resultOf } from "./session-support.js";

const REQUIREMENT = "agent.v2.session-matching.list-does-not-modify";

/** sessionId → updatedAt of one listing's first page, or undefined when it failed. */
function stamps(outcome: RequestOutcome): Map<unknown, unknown> | undefined {
  const sessions = resultOf(outcome)?.sessions;
  if (!Array.isArray(sessions)) return undefined;
  return new Map(
    (sessions as { sessionId?: unknown; updatedAt?: unknown }[]).map((entry) => [
      entry.sessionId,
      entry.updatedAt,
    ]),
  );
}

export async function checkListDoesNotModify(agent: AgentV2UnderTest): Promise<void> {
  const first = await agent.request("session/list", {});
  const second = await agent.request("session/list", {});
  await agent.settle();
  const before = stamps(first);
  const after = stamps(second);
  if (!before || !after || second.kind !== "response") {
    agent.context.check({
      requirement: REQUIREMENT,
      verdict: "not-tested",
      message: `the two listings did not both succeed (${describeOutcome(first)}; ${describeOutcome(second)})`,
    });
    return;
  }
  const updates = agent.connection.received.filter(
    (incoming) => incoming.seq > first.request.seq && isSessionUpdate(incoming),
  );
  const changed = [...before].find(([id, stamp]) => after.has(id) && after.get(id) !== stamp);
  const problem =
    updates.length > 0
      ? `${updates.length} session/update notification(s) came while only session/list was called`
      : before.size !== after.size || [...before.keys()].some((id) => !after.has(id))
        ? `the second listing lists ${after.size} sessions where the first listed ${before.size}`
        : changed
          ? `listing changed ${String(changed[0])}'s updatedAt from ${JSON.stringify(changed[1])} to ${JSON.stringify(after.get(changed[0]))}`
          : undefined;
  agent.context.check(
    problem
      ? {
          requirement: REQUIREMENT,
          verdict: "fail",
          message: `session/list should only discover sessions, never modify them: ${problem}`,
          evidence: {
            transcript: excerptBetween(agent.transcript, first.request.seq, agent.transcript.nextSeq),
          },
        }
      : {
          requirement: REQUIREMENT,
          verdict: "pass",
          message: `two listings gave the same ${before.size} sessions with the same updatedAt, and no session/update`,
        },
  );
}
