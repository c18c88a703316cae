/**
 * session-matching, listing and deleting in v2, in one agent process: session/list of a directory
 * no session has (an empty array), of one directory of two (only its session, each with an
 * absolute cwd; the v2 schema holds updatedAt to RFC 3339), with a cursor the agent never issued
 * (an error), and twice with nothing between (the same sessions, session-list-stability.ts); with
 * session.additionalDirectories, the roots listed for a session are the two it was created with,
 * in order, and none once it is resumed without them; with session.delete, a deleted session is
 * gone from the listing and deleting an id never created succeeds.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { StopScenario, type Scenario } from "../../../kit/scenario.js";
import type { RequestOutcome } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { checkListDoesNotModify } from "./session-list-stability.js";
import { advertises, notApplicable, resultOf, sessionCapabilities } from "./session-support.js";

const ROOTS = [
  "agent.v2.session-matching.listed-roots-complete",
  "agent.session-matching.roots-not-restored",
] as const;
const DELETE = [
  "agent.session-matching.deleted-session-not-listed",
  "agent.session-matching.delete-unknown-succeeds",
] as const;
const REQUIREMENTS = [
  "agent.session-matching.list-empty-not-error",
  "agent.session-matching.list-cwd-filter",
  "agent.session-matching.list-cwd-absolute",
  "agent.session-matching.list-invalid-cursor-refused",
  "agent.v2.session-matching.list-does-not-modify",
  ...ROOTS,
  ...DELETE,
] as const;

interface Entry {
  sessionId?: unknown;
  cwd?: unknown;
  updatedAt?: unknown;
  additionalDirectories?: unknown;
}

const entriesOf = (outcome: RequestOutcome): Entry[] | undefined => {
  const sessions = resultOf(outcome)?.sessions;
  return Array.isArray(sessions) ? (sessions as Entry[]) : undefined;
};

const evidenceOf = (agent: AgentV2UnderTest, outcome: RequestOutcome) => ({
  transcript: excerptAround(
    agent.transcript,
    outcome.kind === "response" ? outcome.response.seq : outcome.request.seq,
  ),
});

function checkEntries(agent: AgentV2UnderTest, listing: RequestOutcome, entries: Entry[]): void {
  const { context } = agent;
  const relative = entries.filter((entry) => typeof entry.cwd !== "string" || !isAbsolute(entry.cwd));
  context.check({
    requirement: "agent.session-matching.list-cwd-absolute",
    verdict: relative.length === 0 ? "pass" : "fail",
    message:
      relative.length === 0
        ? `all ${entries.length} listed sessions have an absolute cwd`
        : `every listed session's cwd must be an absolute path; got ${relative.map((entry) => JSON.stringify(entry.cwd)).join(", ")}`,
    ...(relative.length === 0 ? {} : { evidence: evidenceOf(agent, listing) }),
  });
}

async function checkFilters(
  agent: AgentV2UnderTest,
  empty: RequestOutcome,
  dirs: Record<"a" | "b" | "empty", string>,
  a: string,
  b: string,
) {
  const { context } = agent;
  const none = entriesOf(empty);
  if (!none)
    context.check({
      requirement: "agent.session-matching.list-empty-not-error",
      verdict: "fail",
      message: `session/list of a directory no session has must answer an empty sessions array; got ${describeOutcome(empty)}`,
      evidence: evidenceOf(agent, empty),
    });
  else if (none.length === 0)
    context.check({
      requirement: "agent.session-matching.list-empty-not-error",
      verdict: "pass",
      message: "session/list of a directory no session has answered an empty sessions array",
    });
  const listing = await agent.request("session/list", { cwd: dirs.a });
  const entries = entriesOf(listing) ?? [];
  const ids = entries.map((entry) => entry.sessionId);
  const leaked = (none?.length ?? 0) > 0 || ids.includes(b);
  context.check(
    leaked
      ? {
          requirement: "agent.session-matching.list-cwd-filter",
          verdict: "fail",
          message: `session/list with a cwd must list only that directory's sessions; it listed ${ids.includes(b) ? `the session of another directory (${b})` : `${none?.length} session(s) for a directory no session has`}`,
          evidence: evidenceOf(agent, ids.includes(b) ? listing : empty),
        }
      : ids.includes(a)
        ? {
            requirement: "agent.session-matching.list-cwd-filter",
            verdict: "pass",
            message: "the directory's listing had its session and not the other directory's",
          }
        : {
            requirement: "agent.session-matching.list-cwd-filter",
            verdict: "not-tested",
            message: `the directory's listing did not list the session created there (${describeOutcome(listing)})`,
          },
  );
  if (entries.length > 0) checkEntries(agent, listing, entries);
  else
    context.check({
      requirement: "agent.session-matching.list-cwd-absolute",
      verdict: "not-tested",
      message: `session/list returned no session to judge (${describeOutcome(listing)})`,
    });
  const cursor = await agent.request("session/list", { cursor: `kit-never-issued-${randomUUID()}` });
  const refused = cursor.kind === "response" && cursor.error !== undefined;
  context.check({
    requirement: "agent.session-matching.list-invalid-cursor-refused",
    verdict: refused ? "pass" : "fail",
    message: refused
      ? `a cursor the agent never issued was refused (${describeOutcome(cursor)})`
      : `session/list with a cursor the agent never issued should be answered with an error; got ${describeOutcome(cursor)}`,
    ...(refused ? {} : { evidence: evidenceOf(agent, cursor) }),
  });
  return { entry: entries.find((entry) => entry.sessionId === a), listing };
}

async function checkRoots(
  agent: AgentV2UnderTest,
  a: string,
  cwd: string,
  roots: string[],
  listed: { entry: Entry | undefined; listing: RequestOutcome },
) {
  const { context } = agent;
  const reported = listed.entry?.additionalDirectories;
  if (!Array.isArray(reported) || reported.length === 0) {
    const message = `session/list reports no additionalDirectories for the session created with two (it may leave them out)`;
    context.check({
      requirement: "agent.v2.session-matching.listed-roots-complete",
      verdict: "not-applicable",
      message,
    });
    context.check({
      requirement: "agent.session-matching.roots-not-restored",
      verdict: "not-tested",
      message: `${message}, so the listing cannot show whether a resume restored them`,
    });
    return;
  }
  const exact = JSON.stringify(reported) === JSON.stringify(roots);
  context.check({
    requirement: "agent.v2.session-matching.listed-roots-complete",
    verdict: exact ? "pass" : "fail",
    message: exact
      ? "session/list reported the session's two additional roots, in order"
      : `a listed session's additionalDirectories must be the complete ordered list it was given, ${JSON.stringify(roots)}; got ${JSON.stringify(reported)}`,
    ...(exact ? {} : { evidence: evidenceOf(agent, listed.listing) }),
  });
  const resume = await agent.request("session/resume", { sessionId: a, cwd });
  const after = await agent.request("session/list", { cwd });
  const entry = entriesOf(after)?.find((each) => each.sessionId === a);
  const restored = Array.isArray(entry?.additionalDirectories) && entry.additionalDirectories.length > 0;
  context.check(
    resume.kind !== "response" || resume.error || !entry
      ? {
          requirement: "agent.session-matching.roots-not-restored",
          verdict: "not-tested",
          message: `the resume or the listing after it failed (${describeOutcome(resume)}; ${describeOutcome(after)})`,
        }
      : {
          requirement: "agent.session-matching.roots-not-restored",
          verdict: restored ? "fail" : "pass",
          message: restored
            ? `resumed without additionalDirectories, the session should have none; session/list still reports ${JSON.stringify(entry.additionalDirectories)}`
            : "resumed without additionalDirectories, the session is listed with no additional roots",
          ...(restored ? { evidence: evidenceOf(agent, after) } : {}),
        },
  );
}

async function checkDelete(agent: AgentV2UnderTest, b: string) {
  const { context } = agent;
  const deleted = await agent.request("session/delete", { sessionId: b });
  const listing = await agent.request("session/list", {});
  const still = entriesOf(listing)?.some((entry) => entry.sessionId === b);
  context.check(
    deleted.kind !== "response" || deleted.error || !entriesOf(listing)
      ? {
          requirement: "agent.session-matching.deleted-session-not-listed",
          verdict: "fail",
          message: `session/delete of a listed session and the listing after it should succeed; got ${describeOutcome(deleted)} and ${describeOutcome(listing)}`,
          evidence: evidenceOf(agent, deleted),
        }
      : {
          requirement: "agent.session-matching.deleted-session-not-listed",
          verdict: still ? "fail" : "pass",
          message: still
            ? `the deleted session ${b} is still listed`
            : "the deleted session is gone from session/list",
          ...(still ? { evidence: evidenceOf(agent, listing) } : {}),
        },
  );
  const unknown = await agent.request("session/delete", { sessionId: `kit-never-created-${randomUUID()}` });
  const ok = unknown.kind === "response" && !unknown.error;
  context.check({
    requirement: "agent.session-matching.delete-unknown-succeeds",
    verdict: ok ? "pass" : "fail",
    message: ok
      ? "session/delete of an id never created succeeded"
      : `session/delete of an id never created should succeed silently; got ${describeOutcome(unknown)}`,
    ...(ok ? {} : { evidence: evidenceOf(agent, unknown) }),
  });
}

export const sessionListV2Scenario: Scenario = {
  id: "agent.v2.session-matching.list-and-delete",
  title: "v2 session/list filters, entries and cursors, listed roots, session/delete",
  mode: "agent",
  requirements: REQUIREMENTS,
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const session = sessionCapabilities(await agent.handshake());
    if (!session)
      return notApplicable(context, REQUIREMENTS, "the agent does not advertise capabilities.session");
    // The second directory's name extends the first's: a filter that matches by prefix lists both.
    const names = { a: "project", b: "project-other", empty: "empty", root1: "root1", root2: "root2" };
    const dirs = { ...names };
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      dirs[key] = join(agent.sessionCwd, names[key]);
      mkdirSync(dirs[key]);
    }
    const withRoots = advertises(session, "additionalDirectories");
    const roots = [dirs.root1, dirs.root2];
    const created = await agent.request("session/new", {
      cwd: dirs.a,
      ...(withRoots ? { additionalDirectories: roots } : {}),
    });
    const a = resultOf(created)?.sessionId;
    const b = resultOf(await agent.request("session/new", { cwd: dirs.b }))?.sessionId;
    if (typeof a !== "string" || typeof b !== "string")
      throw new StopScenario(`session/new gave no session id: ${describeOutcome(created)}`);
    const empty = await agent.request("session/list", { cwd: dirs.empty });
    if (empty.kind === "response" && empty.error?.code === -32601) {
      const message =
        "session/list is not served (-32601), which agent.v2.capabilities.session-baseline reports";
      for (const requirement of REQUIREMENTS) context.check({ requirement, verdict: "not-tested", message });
      return;
    }
    const listed = await checkFilters(agent, empty, dirs, a, b);
    await checkListDoesNotModify(agent);
    if (withRoots) await checkRoots(agent, a, dirs.a, roots, listed);
    else notApplicable(context, ROOTS, "the agent does not advertise session.additionalDirectories");
    if (advertises(session, "delete")) await checkDelete(agent, b);
    else notApplicable(context, DELETE, "the agent does not advertise session.delete");
  },
};
