/**
 * session-matching, listing and deleting: in a HOME of the scenario's own, session/list of a
 * directory no session has is an empty array; after three sessions in one directory and one
 * in another, the first directory's listing, followed through nextCursor to the end, has each
 * of its three once and not the other's, each with an absolute cwd and an ISO 8601 updatedAt.
 * Then (sessionCapabilities.delete) a deleted session is gone from the listing, and deleting
 * an id that never existed succeeds.
 */
import { randomUUID } from "node:crypto";
import { isAbsolute } from "node:path";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";
import { isIso8601, listAll, type Listing } from "./session-listing.js";
import { judgeListParams, LIST_PARAMS_REQUIREMENTS } from "./sessions-list-params.js";
import {
  advertisedSessionSupport,
  recordNotApplicable,
  requirePrompt,
  scenarioDir,
  sessionWithHistory,
  startWithHome,
  withOwnHome,
} from "./session-requests.js";

const LIST_REQUIREMENTS = [
  "agent.session-matching.list-empty-not-error",
  "agent.session-matching.list-cwd-absolute",
  "agent.session-matching.list-updated-at-iso8601",
  "agent.session-matching.list-pagination",
  "agent.session-matching.list-cwd-filter",
  ...LIST_PARAMS_REQUIREMENTS,
] as const;

const DELETE_REQUIREMENTS = [
  "agent.session-matching.deleted-session-not-listed",
  "agent.session-matching.delete-unknown-succeeds",
] as const;

function judgeEmpty(context: ScenarioContext, agent: AgentUnderTest, listing: Listing): void {
  const { first } = listing;
  if (first.kind !== "response") return; // unanswered: the per-frame deadline check reports it
  // An agent that wants a login first says so with -32000 here too: that blocks, it is no verdict on listing.
  agent.guardAuth(first);
  const sessions = (first.result as { sessions?: unknown } | undefined)?.sessions;
  if (first.error || !Array.isArray(sessions)) {
    context.check({
      requirement: "agent.session-matching.list-empty-not-error",
      verdict: "fail",
      message: `session/list of a directory no session has must answer an empty sessions array; got ${describeOutcome(first)}`,
      evidence: { transcript: excerptAround(agent.transcript, first.response.seq) },
    });
    return;
  }
  if (sessions.length > 0) {
    // Sessions of a directory the kit never used: the filter is the cause, not the empty answer.
    context.check({
      requirement: "agent.session-matching.list-cwd-filter",
      verdict: "fail",
      message: `session/list of a directory no session has returned ${sessions.length} sessions of other directories`,
      evidence: { transcript: excerptAround(agent.transcript, first.response.seq) },
    });
    return;
  }
  context.check({
    requirement: "agent.session-matching.list-empty-not-error",
    verdict: "pass",
    message: "session/list of a directory no session has answered an empty sessions array",
  });
}

function judgeEntries(context: ScenarioContext, agent: AgentUnderTest, listing: Listing): void {
  if (listing.entries.length === 0) {
    const message = `session/list returned no sessions to judge (${listing.broken ?? "an empty listing"})`;
    for (const requirement of ["list-cwd-absolute", "list-updated-at-iso8601"] as const)
      context.check({ requirement: `agent.session-matching.${requirement}`, verdict: "not-tested", message });
    return;
  }
  const evidence = { transcript: excerptBetween(agent.transcript, listing.firstSeq, listing.lastSeq) };
  const relative = listing.entries.filter((entry) => typeof entry.cwd !== "string" || !isAbsolute(entry.cwd));
  context.check({
    requirement: "agent.session-matching.list-cwd-absolute",
    verdict: relative.length === 0 ? "pass" : "fail",
    message:
      relative.length === 0
        ? `all ${listing.entries.length} listed sessions have an absolute cwd`
        : `every listed session's cwd must be an absolute path; got ${relative.map((entry) => JSON.stringify(entry.cwd)).join(", ")}`,
    ...(relative.length === 0 ? {} : { evidence }),
  });
  const stamped = listing.entries.filter(
    (entry) => entry.updatedAt !== undefined && entry.updatedAt !== null,
  );
  const wrong = stamped.filter((entry) => typeof entry.updatedAt !== "string" || !isIso8601(entry.updatedAt));
  if (stamped.length === 0) {
    context.check({
      requirement: "agent.session-matching.list-updated-at-iso8601",
      verdict: "not-tested",
      message: "no listed session has an updatedAt (it is optional)",
    });
    return;
  }
  context.check({
    requirement: "agent.session-matching.list-updated-at-iso8601",
    verdict: wrong.length === 0 ? "pass" : "fail",
    message:
      wrong.length === 0
        ? `all ${stamped.length} updatedAt values are ISO 8601 timestamps`
        : `updatedAt should be an ISO 8601 timestamp; got ${wrong.map((entry) => JSON.stringify(entry.updatedAt)).join(", ")}`,
    ...(wrong.length === 0 ? {} : { evidence }),
  });
}

function judgePages(
  context: ScenarioContext,
  agent: AgentUnderTest,
  listing: Listing,
  own: readonly string[],
  other: string,
): void {
  const evidence = { transcript: excerptBetween(agent.transcript, listing.firstSeq, listing.lastSeq) };
  const ids = listing.entries.map((entry) => entry.sessionId);
  const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  const missing = own.filter((id) => !ids.includes(id));
  const problems = [
    ...(listing.broken ? [listing.broken] : []),
    ...(repeated.length > 0 ? [`listed more than once: ${repeated.map(String).join(", ")}`] : []),
    ...(missing.length > 0 ? [`never listed: ${missing.join(", ")}`] : []),
  ];
  if (problems.length > 0)
    context.check({
      requirement: "agent.session-matching.list-pagination",
      verdict: "fail",
      message: `following nextCursor should list each of the directory's ${own.length} sessions once: ${problems.join("; ")}`,
      evidence,
    });
  else if (listing.pages === 1)
    context.check({
      requirement: "agent.session-matching.list-pagination",
      verdict: "not-tested",
      message: `all ${own.length} sessions came on one page: no cursor to follow`,
    });
  else
    context.check({
      requirement: "agent.session-matching.list-pagination",
      verdict: "pass",
      message: `${listing.pages} pages listed each of the directory's ${own.length} sessions once`,
    });
  const leaked = ids.includes(other);
  context.check({
    requirement: "agent.session-matching.list-cwd-filter",
    verdict: leaked ? "fail" : "pass",
    message: leaked
      ? `session/list with cwd should return only that directory's sessions; it returned ${other}, created in another one`
      : "session/list with cwd left out the session of another directory",
    ...(leaked ? { evidence } : {}),
  });
}

async function judgeDeleted(context: ScenarioContext, agent: AgentUnderTest, cwd: string, doomed: string) {
  const deleted = await agent.request("session/delete", { sessionId: doomed });
  if (deleted.kind !== "response" || deleted.error) {
    context.check({
      requirement: "agent.session-matching.deleted-session-not-listed",
      verdict: "fail",
      message: `session/delete of a listed session failed: ${describeOutcome(deleted)}`,
      evidence: { transcript: excerptAround(agent.transcript, deleted.request.seq) },
    });
  } else {
    const listing = await listAll(agent, cwd);
    const still = listing.entries.some((entry) => entry.sessionId === doomed);
    if (listing.entries.length === 0 && listing.broken)
      context.check({
        requirement: "agent.session-matching.deleted-session-not-listed",
        verdict: "not-tested",
        message: `session/list after the delete failed (${listing.broken})`,
      });
    else
      context.check({
        requirement: "agent.session-matching.deleted-session-not-listed",
        verdict: still ? "fail" : "pass",
        message: still
          ? `session ${doomed} was deleted but session/list still returns it`
          : "the deleted session is gone from session/list",
        ...(still
          ? {
              evidence: {
                transcript: excerptBetween(agent.transcript, deleted.request.seq, listing.lastSeq),
              },
            }
          : {}),
      });
  }
}

async function judgeDeleteUnknown(context: ScenarioContext, agent: AgentUnderTest) {
  const unknownId = `kit-unknown-session-${randomUUID()}`;
  const unknown = await agent.request("session/delete", { sessionId: unknownId });
  if (unknown.kind !== "response") return; // unanswered: the per-frame deadline check reports it
  agent.guardAuth(unknown);
  context.check({
    requirement: "agent.session-matching.delete-unknown-succeeds",
    verdict: unknown.error ? "fail" : "pass",
    message: unknown.error
      ? `session/delete of ${unknownId}, which never existed, should succeed silently; got ${describeOutcome(unknown)}`
      : "session/delete of an id that never existed succeeded",
    ...(unknown.error
      ? { evidence: { transcript: excerptAround(agent.transcript, unknown.response.seq) } }
      : {}),
  });
}

export const listSessionsScenario: Scenario = {
  id: "agent.session-matching.list-sessions",
  title: "session/list, empty and across pages, filtered by cwd; session/delete",
  mode: "agent",
  requirements: [...LIST_REQUIREMENTS, ...DELETE_REQUIREMENTS],
  async run(context) {
    const home = scenarioDir(context, "home-");
    const cwd = scenarioDir(context, "cwd-");
    const otherCwd = scenarioDir(context, "cwd-");
    await withOwnHome(async () => {
      const agent = await startWithHome(context, home);
      const support = advertisedSessionSupport(await agent.handshake());
      if (!support.list)
        recordNotApplicable(
          context,
          LIST_REQUIREMENTS,
          "the agent does not advertise sessionCapabilities.list",
        );
      if (!support.delete)
        recordNotApplicable(
          context,
          DELETE_REQUIREMENTS,
          "the agent does not advertise sessionCapabilities.delete",
        );
      else if (!support.list)
        recordNotApplicable(
          context,
          ["agent.session-matching.deleted-session-not-listed"],
          "without sessionCapabilities.list there is no listing to leave",
        );
      if (support.delete) await judgeDeleteUnknown(context, agent);
      if (support.list) {
        judgeEmpty(context, agent, await listAll(agent, cwd));
        requirePrompt(context, "prompt");
        const own: string[] = [];
        for (let count = 0; count < 3; count++) own.push((await sessionWithHistory(agent, cwd)).sessionId);
        const other = (await sessionWithHistory(agent, otherCwd)).sessionId;
        const listing = await listAll(agent, cwd);
        judgeEntries(context, agent, listing);
        judgePages(context, agent, listing, own, other);
        await judgeListParams(context, agent, cwd);
        if (support.delete) await judgeDeleted(context, agent, cwd, own[0]!);
      }
    });
  },
};
