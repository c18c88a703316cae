/**
 * The checks of a client reopening a session the kit named with `{session}`: session/load
 * (its params, the replay shown, the prompt on the loaded session) and session/resume, both in
 * the session's own cwd. A client whose command has no `{session}` was never asked: not
 * applicable, with the reason; one that was asked and created a new session instead: not tested.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import type { SavedSession } from "../../peers/script-types.js";
import { describeExit, succeeded, type ClientRun } from "./driver.js";
import { withoutSessionPlaceholder } from "./saved-session.js";
import { knownSessions, sessionCwd, type Exchange } from "./session-exchanges.js";

export type ReopenMethod = "session/load" | "session/resume";

/** What one session scenario's run came to, as the checks read it. */
export interface SessionRun {
  run: ClientRun;
  all: Exchange[];
  saved: SavedSession[];
  /** 2 for a v2 run (scenarios/client/v2/sessions.ts): resume is baseline and its mcpServers optional. */
  version?: 2;
}

const CAPABILITY: Record<ReopenMethod, string> = {
  "session/load": "loadSession: true",
  "session/resume": "sessionCapabilities.resume",
};

/** Records not-applicable or not-tested when the client never sent `method`; true when it did so. */
function recordNoReopen(
  context: ScenarioContext,
  requirement: RequirementId,
  method: ReopenMethod,
  { run, all, saved, version }: SessionRun,
): boolean {
  if (all.some((exchange) => exchange.method === method)) return false;
  const notAsked = withoutSessionPlaceholder(context);
  if (notAsked) {
    context.check({
      requirement,
      verdict: "not-applicable",
      message: `${method} was not asked for: ${notAsked}`,
    });
    return true;
  }
  const advertised = version === 2 ? "session (resume is a baseline method in v2)" : CAPABILITY[method];
  const instead = all.some((exchange) => exchange.method === "session/new")
    ? "it created a new session instead"
    : `it never opened a session (${describeExit(run)})`;
  context.check({
    requirement,
    verdict: "not-tested",
    message: `not exercised: the command's {session} named ${saved[0]!.sessionId} and the agent advertised ${advertised}, but the client never called ${method}: ${instead}`,
    unlock: `put {session} where the client takes the id of a session to reopen; a client that can ${method.slice(8)} a session does so when the agent advertises ${advertised}`,
  });
  return true;
}

/** load-params and resume-params: a session the agent has, a cwd, an mcpServers array (optional in v2). */
export function checkReopenParams(
  context: ScenarioContext,
  requirement: RequirementId,
  method: ReopenMethod,
  session: SessionRun,
): void {
  if (recordNoReopen(context, requirement, method, session)) return;
  const known = knownSessions(
    session.all,
    session.saved.map((saved) => saved.sessionId),
  );
  const reopens = session.all.filter((exchange) => exchange.method === method);
  const problems = reopens.flatMap(({ params }) => [
    ...(typeof params.sessionId === "string" && known.has(params.sessionId)
      ? []
      : [
          `sessionId ${JSON.stringify(params.sessionId)} is no session the agent has (it has ${[...known].join(", ")})`,
        ]),
    ...(typeof params.cwd === "string" ? [] : [`cwd is ${JSON.stringify(params.cwd)}, not a path`]),
    ...(Array.isArray(params.mcpServers) || (session.version === 2 && params.mcpServers === undefined)
      ? []
      : [`mcpServers is ${JSON.stringify(params.mcpServers)}, not an array`]),
  ]);
  context.check(
    problems.length > 0
      ? {
          requirement,
          verdict: "fail",
          message: `the client's ${method}: ${problems.join("; ")}`,
          evidence: { details: reopens.map((exchange) => JSON.stringify(exchange.params).slice(0, 500)) },
        }
      : {
          requirement,
          verdict: "pass",
          message: `every ${method} of the client's (${reopens.length}) named a session the agent has, with a cwd and an mcpServers array`,
        },
  );
}

/** reopens-in-own-cwd: each load or resume of a session the agent has carries that session's cwd. */
export function checkReopenCwd(context: ScenarioContext, method: ReopenMethod, session: SessionRun): void {
  const requirement = "client.session-matching.reopens-in-own-cwd";
  if (recordNoReopen(context, requirement, method, session)) return;
  const judged = session.all.flatMap((exchange) => {
    if (exchange.method !== method || typeof exchange.params.sessionId !== "string") return [];
    const own = sessionCwd(session.all, session.saved, exchange.params.sessionId);
    return own === undefined
      ? []
      : [{ sessionId: exchange.params.sessionId, own, sent: exchange.params.cwd }];
  });
  const wrong = judged.find((reopen) => reopen.sent !== reopen.own);
  if (wrong)
    context.check({
      requirement,
      verdict: "fail",
      message: `the client's ${method} of ${wrong.sessionId} carried cwd ${JSON.stringify(wrong.sent)}; the session's cwd is ${JSON.stringify(wrong.own)}`,
    });
  else if (judged.length === 0)
    context.check({
      requirement,
      verdict: "not-tested",
      message: `not exercised: the client's ${method} named no session the agent has (client.session-matching.${method.slice(8)}-params reports that), so there was no session cwd to compare`,
    });
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `every ${method} (${judged.length}) carried the session's own cwd (${judged[0]!.own})`,
    });
}

/**
 * shows-replay: the client loaded the session `{session}` named, showed the agent message the
 * agent replayed before answering, and sent its prompt on the loaded session. Whether it shows
 * anything at all is told by the turn's own answer (`turnText`): a client that shows none of
 * the agent's text is not tested here.
 */
export function checkReplayShown(
  context: ScenarioContext,
  session: SessionRun,
  replayText: string,
  turnText: string,
): void {
  const requirement = "client.events.shows-replay";
  if (recordNoReopen(context, requirement, "session/load", session)) return;
  const { run, all } = session;
  const asked = session.saved[0]!.sessionId;
  const loadIndex = all.findIndex(
    (exchange) =>
      exchange.method === "session/load" &&
      exchange.params.sessionId === asked &&
      exchange.answer?.result !== undefined,
  );
  const notExercised =
    loadIndex === -1
      ? `no session/load of ${asked} (the session {session} named) succeeded`
      : !succeeded(run)
        ? `the client did not complete its turn after the load (${describeExit(run)})`
        : !run.output.includes(turnText)
          ? "the client shows none of the agent's text, not even its answer to the prompt, so whether it shows the replay cannot be told"
          : undefined;
  if (notExercised) {
    context.check({ requirement, verdict: "not-tested", message: `not exercised: ${notExercised}` });
    return;
  }
  const prompt = all.slice(loadIndex + 1).find((exchange) => exchange.method === "session/prompt");
  if (prompt?.params.sessionId !== asked)
    context.check({
      requirement,
      verdict: "fail",
      message: `after loading ${asked} the client prompted on ${JSON.stringify(prompt?.params.sessionId)}, not on the session it loaded`,
    });
  else if (!run.output.includes(replayText))
    context.check({
      requirement,
      verdict: "fail",
      message: `the client loaded ${asked} and showed its turn's answer, but not the agent message replayed before the session/load answer ("${replayText}")`,
      evidence: { stderrTail: run.stderrTail },
    });
  else
    context.check({
      requirement,
      verdict: "pass",
      message: `the client showed the replayed agent message ("${replayText}") and prompted on the loaded session`,
    });
}
