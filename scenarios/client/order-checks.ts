/**
 * Checks over every run of the client of the ORDER of what it sends and of its JSON-RPC
 * manners: initialize first, no session method before initialize's answer, a prompt only for a
 * session already set up, one prompt at a time per session, sessionIds the agent returned, no
 * reply to a notification, exactly one answer to each of the agent's requests.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { idKey } from "../../kit/wire/jsonrpc.js";
import { describeExit, succeeded, type ClientRun } from "./driver.js";
import { asObject, clientCalls, readTimeline, type WireTimeline } from "./wire-timeline.js";

export const ORDER_CHECK_REQUIREMENTS = [
  "client.initialization.initialize-first",
  "client.initialization.session-after-initialize",
  "client.prompt.prompt-after-setup",
  "client.prompt.one-prompt-at-a-time",
  "client.session-matching.known-session-ids",
  "client.jsonrpc.no-reply-to-notification",
  "client.jsonrpc.every-request-answered-once",
] as const satisfies readonly RequirementId[];

/** How long a request must have waited for an answer, when the kit killed the client, for the wait to be the client's fault. */
const SAT_ON_MS = 10_000;

type Check = Parameters<ScenarioContext["check"]>[0];

/** Session ids the agent set up, in timeline order: session/new results, and load/resume it accepted. */
function sessionsSetUp(timeline: WireTimeline): Array<{ index: number; sessionId: string }> {
  const ready: Array<{ index: number; sessionId: string }> = [];
  timeline.entries.forEach((entry, index) => {
    if (entry.from !== "agent" || entry.message.kind !== "response" || !entry.message.hasResult) return;
    const asked = entry.answers;
    if (!asked) return;
    const result = asObject(entry.message.result);
    if (asked.method === "session/new" && typeof result?.sessionId === "string")
      ready.push({ index, sessionId: result.sessionId });
    const given = asObject(asked.params)?.sessionId;
    if ((asked.method === "session/load" || asked.method === "session/resume") && typeof given === "string")
      ready.push({ index, sessionId: given });
    if (asked.method === "session/list" && Array.isArray(result?.sessions))
      for (const listed of result.sessions as unknown[]) {
        const sessionId = asObject(listed)?.sessionId;
        if (typeof sessionId === "string") ready.push({ index, sessionId });
      }
  });
  return ready;
}

function orderChecks(timeline: WireTimeline): Check[] {
  const checks: Check[] = [];
  const calls = clientCalls(timeline);
  const first = calls[0];
  if (first)
    checks.push({
      requirement: "client.initialization.initialize-first",
      verdict: first.method === "initialize" ? "pass" : "fail",
      message:
        first.method === "initialize"
          ? "the client's first message was initialize"
          : `the client's first message was ${first.method}, before initialize`,
    });
  const answered = timeline.entries.findIndex(
    (entry) =>
      entry.from === "agent" && entry.message.kind === "response" && entry.answers?.method === "initialize",
  );
  const sessionCalls = calls.filter((call) => call.method.startsWith("session/"));
  const early = sessionCalls.filter((call) => answered === -1 || call.index < answered);
  if (sessionCalls.length > 0)
    checks.push(
      early.length > 0
        ? {
            requirement: "client.initialization.session-after-initialize",
            verdict: "fail",
            message: `the client sent ${early.map((call) => call.method).join(", ")} before the agent had answered initialize`,
          }
        : {
            requirement: "client.initialization.session-after-initialize",
            verdict: "pass",
            message: `${sessionCalls.length} session message(s), each after the agent answered initialize`,
          },
    );
  const ready = sessionsSetUp(timeline);
  const prompts = calls.filter((call) => call.method === "session/prompt");
  const unready = prompts.filter((call) => {
    const sessionId = asObject(call.params)?.sessionId;
    return !ready.some((session) => session.sessionId === sessionId && session.index < call.index);
  });
  if (prompts.length > 0)
    checks.push(
      unready.length > 0
        ? {
            requirement: "client.prompt.prompt-after-setup",
            verdict: "fail",
            message: `the client sent session/prompt for ${JSON.stringify(asObject(unready[0]!.params)?.sessionId)} before the agent had answered that session's setup`,
          }
        : {
            requirement: "client.prompt.prompt-after-setup",
            verdict: "pass",
            message: "every session/prompt came after its session's setup was answered",
          },
    );
  return checks;
}

function promptAndSessionChecks(timeline: WireTimeline): Check[] {
  const checks: Check[] = [];
  const pending = new Map<string, string>(); // the client's unanswered prompts: id key → sessionId
  const overlaps: string[] = [];
  let prompts = 0;
  for (const entry of timeline.entries) {
    const message = entry.message;
    if (entry.from === "agent" && message.kind === "response") pending.delete(idKey(message.id));
    if (entry.from !== "client" || message.kind !== "request" || message.method !== "session/prompt")
      continue;
    prompts += 1;
    const sessionId = String(asObject(message.params)?.sessionId);
    if ([...pending.values()].includes(sessionId))
      overlaps.push(`a second session/prompt on ${sessionId} while the previous one was unanswered`);
    pending.set(idKey(message.id), sessionId);
  }
  if (prompts > 0)
    checks.push({
      requirement: "client.prompt.one-prompt-at-a-time",
      verdict: overlaps.length > 0 ? "fail" : "pass",
      message: overlaps[0] ?? `${prompts} prompt(s), never two at once on one session`,
    });
  const known = new Set(sessionsSetUp(timeline).map((session) => session.sessionId));
  const uses = clientCalls(timeline).filter(
    // load, resume and delete may name a session stored before this run (by an earlier agent process, given to the
    // client by its user); load and resume are judged by the agent's answer, which is what sets the session up.
    // close has a requirement of its own (client.session-matching.close-params), so a wrong id fails once.
    (call) =>
      typeof asObject(call.params)?.sessionId === "string" &&
      !["session/load", "session/resume", "session/delete", "session/close"].includes(call.method) &&
      !call.method.startsWith("_"),
  );
  const unknown = uses.filter((call) => !known.has(asObject(call.params)!.sessionId as string));
  if (uses.length > 0)
    checks.push({
      requirement: "client.session-matching.known-session-ids",
      verdict: unknown.length > 0 ? "fail" : "pass",
      message:
        unknown.length > 0
          ? `the client sent ${unknown[0]!.method} for session ${JSON.stringify(asObject(unknown[0]!.params)?.sessionId)}, which the agent never returned`
          : `${uses.length} session message(s), each naming a session the agent returned`,
    });
  return checks;
}

function answerChecks(timeline: WireTimeline, run: ClientRun): Check[] {
  const checks: Check[] = [];
  // The agent's requests by id key; an id the agent used again counts as a new request (answered in turn).
  const requests = new Map<string, Array<{ method: string; t: number; answers: number }>>();
  let notifications = 0;
  let idNullAnswers = 0;
  for (const entry of timeline.entries) {
    const message = entry.message;
    if (entry.from === "agent") {
      if (message.kind === "request") {
        const key = idKey(message.id);
        requests.set(key, [...(requests.get(key) ?? []), { method: message.method, t: entry.t, answers: 0 }]);
      }
      if (message.kind === "notification") notifications += 1;
      continue;
    }
    if (message.kind !== "response") continue;
    // -32700 and -32600 answer a line the client could not read as a message: what it read is framing's to judge.
    if (message.id === null && message.error?.code !== -32700 && message.error?.code !== -32600)
      idNullAnswers += 1;
    else {
      const sameId = requests.get(idKey(message.id)) ?? [];
      const request = sameId.find((candidate) => candidate.answers === 0) ?? sameId.at(-1);
      if (request) request.answers += 1;
    }
  }
  const replies = idNullAnswers - timeline.agentMalformedLines;
  if (replies > 0)
    checks.push({
      requirement: "client.jsonrpc.no-reply-to-notification",
      verdict: "fail",
      message: `the client sent ${idNullAnswers} response(s) with id null (other than a parse or invalid-request error), but only ${timeline.agentMalformedLines} line(s) of the agent's called for one: it answered a notification`,
    });
  else if (notifications > 0)
    checks.push({
      requirement: "client.jsonrpc.no-reply-to-notification",
      verdict: "pass",
      message: `${notifications} notification(s) from the agent, none answered`,
    });
  if (requests.size === 0) return checks;
  // A request the agent withdrew with $/cancel_request is client.cancellation.cancel-request-answered's
  // to judge (one answer, a result or -32800), so one wrong answer fails once.
  const withdrawn = new Set(
    timeline.entries.flatMap((entry) =>
      entry.from === "agent" &&
      entry.message.kind === "notification" &&
      entry.message.method === "$/cancel_request" &&
      asObject(entry.message.params)?.requestId !== undefined
        ? [idKey(asObject(entry.message.params)!.requestId as string | number)]
        : [],
    ),
  );
  for (const key of withdrawn) requests.delete(key);
  if (requests.size === 0) return checks;
  const all = [...requests.values()].flat();
  const twice = all.filter((request) => request.answers > 1);
  const unanswered = all.filter((request) => request.answers === 0);
  const lastT = run.events.at(-1)?.t ?? 0;
  const satOn = unanswered.filter((request) => lastT - request.t >= SAT_ON_MS);
  const check = (verdict: Check["verdict"], message: string) =>
    checks.push({ requirement: "client.jsonrpc.every-request-answered-once", verdict, message });
  if (twice.length > 0)
    check(
      "fail",
      `the client answered ${twice[0]!.method} ${twice[0]!.answers} times; one response per request`,
    );
  else if (unanswered.length > 0 && succeeded(run))
    check("fail", `${describeExit(run)}, reporting success, with ${unanswered[0]!.method} unanswered`);
  else if (unanswered.length > 0 && run.timedOut && satOn.length > 0)
    check(
      "fail",
      `${describeExit(run)}; it had left ${satOn[0]!.method} unanswered for ${Math.round((lastT - satOn[0]!.t) / 1000)} s`,
    );
  else if (unanswered.length > 0)
    check(
      "not-tested",
      run.timedOut
        ? `${describeExit(run)} less than ${SAT_ON_MS / 1000} s after the agent sent ${unanswered[0]!.method}: its deadline is the timeouts check's`
        : `${describeExit(run)}, failing its turn, with ${unanswered[0]!.method} unanswered: a request dropped with the connection is judged by the scenario's own checks`,
    );
  else check("pass", `${all.length} request(s) from the agent, each answered once`);
  return checks;
}

/** Records the order checks on one run of the client (called by recordGenericClientChecks). */
export function recordOrderChecks(context: ScenarioContext, run: ClientRun): void {
  const timeline = readTimeline(run);
  for (const check of [
    ...orderChecks(timeline),
    ...promptAndSessionChecks(timeline),
    ...answerChecks(timeline, run),
  ])
    context.check(check);
}
