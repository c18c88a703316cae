/**
 * session-matching, what session/list takes: empty params (every parameter is optional, and
 * they return the first page) and a cursor the agent never issued (which it should refuse
 * rather than read as the first page). Recorded by the listing scenario (sessions-list.ts)
 * once the agent holds sessions.
 */
import { randomUUID } from "node:crypto";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";

export const LIST_PARAMS_REQUIREMENTS = [
  "agent.session-matching.list-empty-params",
  "agent.session-matching.list-invalid-cursor-refused",
] as const;

export async function judgeListParams(context: ScenarioContext, agent: AgentUnderTest, cwd: string) {
  const empty = await agent.request("session/list", {});
  if (empty.kind === "response") {
    const sessions = (empty.result as { sessions?: unknown } | undefined)?.sessions;
    const listed = !empty.error && Array.isArray(sessions);
    context.check({
      requirement: "agent.session-matching.list-empty-params",
      verdict: listed ? "pass" : "fail",
      message: listed
        ? `session/list with empty params answered a sessions array (${(sessions as unknown[]).length} on its first page)`
        : `session/list with empty params must answer the first page of sessions (every parameter is optional); got ${describeOutcome(empty)}`,
      ...(listed ? {} : { evidence: { transcript: excerptAround(agent.transcript, empty.response.seq) } }),
    });
  } // unanswered: the per-frame deadline check reports it

  const cursor = `kit-never-issued-${randomUUID()}`;
  const invalid = await agent.request("session/list", { cwd, cursor });
  if (invalid.kind !== "response") return; // unanswered: the per-frame deadline check reports it
  context.check({
    requirement: "agent.session-matching.list-invalid-cursor-refused",
    verdict: invalid.error ? "pass" : "fail",
    message: invalid.error
      ? `session/list with a cursor the agent never issued was refused with error ${invalid.error.code}`
      : `session/list with the cursor ${JSON.stringify(cursor)}, which the agent never issued, should be answered with an error; got ${describeOutcome(invalid)}`,
    ...(invalid.error
      ? {}
      : { evidence: { transcript: excerptAround(agent.transcript, invalid.response.seq) } }),
  });
}
