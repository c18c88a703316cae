/**
 * The checks of the session methods a client calls on its own when the agent advertises them:
 * session/list (its cwd filter and its cursors), session/close, session/delete, and the extra
 * workspace roots of session/new, load and resume. A client that never calls one is not
 * tested on it, with what it did instead.
 */
import { isAbsolute } from "node:path";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { knownSessions, nextCursorOf } from "./session-exchanges.js";
import type { SessionRun } from "./session-reopen-checks.js";

type Check = Parameters<ScenarioContext["check"]>[0];

function record(
  context: ScenarioContext,
  requirement: RequirementId,
  problems: string[],
  passed: string | undefined,
  notExercised: string,
  unlock?: string,
): void {
  const check: Check =
    problems.length > 0
      ? { requirement, verdict: "fail", message: problems.join("; ") }
      : passed !== undefined
        ? { requirement, verdict: "pass", message: passed }
        : {
            requirement,
            verdict: "not-tested",
            message: `not exercised: ${notExercised}`,
            ...(unlock ? { unlock } : {}),
          };
  context.check(check);
}

/** The capability that offered a method, as the run's profile names it (v2: list, resume and close are baseline). */
const offered = ({ version }: SessionRun, v1: string, v2: string) => (version === 2 ? v2 : v1);

export function checkClose(context: ScenarioContext, session: SessionRun): void {
  const { all } = session;
  const closes = all.filter((exchange) => exchange.method === "session/close");
  const problems = closes.flatMap(({ params, openBefore }) =>
    typeof params.sessionId === "string" && openBefore.has(params.sessionId)
      ? []
      : [
          `the client closed ${JSON.stringify(params.sessionId)}, which it did not have open (open then: ${[...openBefore].join(", ") || "none"})`,
        ],
  );
  record(
    context,
    "client.session-matching.close-params",
    problems,
    closes.length > 0
      ? `every session/close (${closes.length}) named a session the client had open`
      : undefined,
    `the agent advertised ${offered(session, "sessionCapabilities.close", "session (close is a baseline method)")}, but the client never called session/close (a client that closes its session when it is done with it would show it)`,
  );
}

export function checkDelete(context: ScenarioContext, session: SessionRun): void {
  const { all, saved } = session;
  const deletes = all.filter((exchange) => exchange.method === "session/delete");
  const known = knownSessions(
    all,
    saved.map((session) => session.sessionId),
  );
  const problems = deletes.flatMap(({ params }) =>
    typeof params.sessionId === "string" && known.has(params.sessionId)
      ? []
      : [
          `the client deleted ${JSON.stringify(params.sessionId)}, a session the agent never listed or gave it in this run (it had ${[...known].join(", ")})`,
        ],
  );
  record(
    context,
    "client.session-matching.delete-params",
    problems,
    deletes.length > 0
      ? `every session/delete (${deletes.length}) named a session the agent listed or gave the client`
      : undefined,
    `the agent advertised ${offered(session, "sessionCapabilities.delete", "session.delete")}, but the client never called session/delete (a client deletes a session on its user's word; one that deletes the sessions it made for a single turn would show it)`,
  );
}

export function checkRoots(context: ScenarioContext, session: SessionRun): void {
  const { all } = session;
  const sent = all.filter(
    (exchange) =>
      ["session/new", "session/load", "session/resume"].includes(exchange.method) &&
      Array.isArray(exchange.params.additionalDirectories) &&
      exchange.params.additionalDirectories.length > 0,
  );
  const problems = sent.flatMap(({ method, params }) =>
    (params.additionalDirectories as unknown[])
      .filter((root) => typeof root !== "string" || !isAbsolute(root))
      .map(
        (root) =>
          `the client's ${method} listed the extra root ${JSON.stringify(root)}, not an absolute path`,
      ),
  );
  record(
    context,
    "client.capabilities.roots-absolute",
    problems,
    sent.length > 0
      ? `every additionalDirectories entry the client sent was absolute (${sent.map(({ method }) => method).join(", ")})`
      : undefined,
    `the agent advertised ${offered(session, "sessionCapabilities.additionalDirectories", "session.additionalDirectories")}, but the client sent no extra workspace roots`,
    "give the client an extra workspace root in its command (the reference client: --add-dir <path>)",
  );
}

export function checkList(context: ScenarioContext, session: SessionRun): void {
  const lists = session.all.filter((exchange) => exchange.method === "session/list");
  const never = `the agent advertised ${offered(session, "sessionCapabilities.list", "session (list is a baseline method)")}, but the client never called session/list`;
  const filtered = lists.filter(({ params }) => typeof params.cwd === "string");
  record(
    context,
    "client.capabilities.list-cwd-absolute",
    filtered.flatMap(({ params }) =>
      isAbsolute(String(params.cwd))
        ? []
        : [`the client's session/list filtered on cwd ${JSON.stringify(params.cwd)}, not an absolute path`],
    ),
    filtered.length > 0
      ? `every cwd filter of session/list was absolute (${String(filtered[0]!.params.cwd)})`
      : undefined,
    lists.length === 0 ? never : "the client's session/list calls carried no cwd filter",
  );

  const issued = new Set<string>();
  const rewritten: string[] = [];
  const pastEnd: string[] = [];
  let returned = 0;
  let endSeen = false;
  for (const [index, list] of lists.entries()) {
    const cursor = list.params.cursor;
    if (cursor !== undefined && cursor !== null) {
      if (typeof cursor === "string" && issued.has(cursor)) returned += 1;
      else
        rewritten.push(
          `the client's session/list sent cursor ${JSON.stringify(cursor)}, which the agent never gave in this run (it gave ${[...issued].map((given) => JSON.stringify(given)).join(", ") || "none"})`,
        );
      const previous = lists[index - 1];
      if (previous?.answer?.result !== undefined && nextCursorOf(previous) === undefined)
        pastEnd.push(
          `the client asked for another page (cursor ${JSON.stringify(cursor)}) after a session/list answer without nextCursor`,
        );
    }
    const next = nextCursorOf(list);
    if (typeof next === "string") issued.add(next);
    else if (list.answer?.result !== undefined) endSeen = true;
  }
  record(
    context,
    "client.capabilities.list-stops-without-cursor",
    pastEnd,
    endSeen
      ? `the client asked for no page past a session/list answer without nextCursor (${lists.length} calls)`
      : undefined,
    lists.length === 0
      ? never
      : "no session/list answer of the client's run lacked nextCursor (it stopped paging before the last page)",
  );
  record(
    context,
    "client.capabilities.list-cursor-opaque",
    rewritten,
    returned > 0
      ? `the client sent back ${returned} cursor(s) byte for byte as the agent gave them`
      : undefined,
    lists.length === 0 ? never : "the client never sent a cursor back (it asked for no second page)",
  );
}
