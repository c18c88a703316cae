/**
 * session-matching, loading and resuming: a session with one turn of history is loaded (and,
 * in the other scenario, resumed) first by the process that created it, then by a later
 * process of the agent started with the same HOME and cwd. session/load must replay the whole
 * conversation before its response and none of it after; session/resume must replay nothing.
 * Each is gated on its capability: an agent that does not advertise it is not applicable.
 */
import { randomUUID } from "node:crypto";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { IncomingMessage, RequestOutcome } from "../../kit/wire/connection.js";
import type { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";
import {
  advertisedSessionSupport,
  CONVERSATION_KINDS,
  messageText,
  recordNotApplicable,
  requirePrompt,
  type Said,
  sameText,
  scenarioDir,
  sessionWithHistory,
  startWithHome,
  withOwnHome,
} from "./session-requests.js";
import { isSessionUpdate, updateKind, updateSessionId } from "./session-updates.js";
import { judgeReplayMessageIds } from "./sessions-replay-ids.js";

/** What a session/load or session/resume brought: its answer, and the session's updates around it. */
interface Reopened {
  method: "session/load" | "session/resume";
  outcome: RequestOutcome;
  requestSeq: number;
  endSeq: number;
  /** Conversation updates for the session before the response. */
  before: IncomingMessage[];
  /** Conversation updates for the session after the response, once the agent had time to send any. */
  after: IncomingMessage[];
}

async function reopen(
  agent: AgentUnderTest,
  method: Reopened["method"],
  sessionId: string,
  cwd: string,
): Promise<Reopened> {
  const pending = agent.request(method, { sessionId, cwd, mcpServers: [] });
  const requestSeq = agent.connection.sent.at(-1)!.seq;
  const outcome = await pending;
  const endSeq = outcome.kind === "response" ? outcome.response.seq : agent.transcript.nextSeq;
  const conversation = (incoming: IncomingMessage) =>
    isSessionUpdate(incoming) &&
    updateSessionId(incoming) === sessionId &&
    CONVERSATION_KINDS.has(updateKind(incoming) ?? "");
  const before = agent.connection.received.filter(
    (incoming) => incoming.seq > requestSeq && incoming.seq < endSeq && conversation(incoming),
  );
  const after =
    outcome.kind === "response" ? (await agent.updatesAfter(endSeq, sessionId)).filter(conversation) : [];
  return { method, outcome, requestSeq, endSeq, before, after };
}

const succeeded = (reopened: Reopened) => reopened.outcome.kind === "response" && !reopened.outcome.error;

/** The replay of a load that succeeded: all of the conversation, all of it before the response. */
function judgeReplay(
  context: ScenarioContext,
  agent: AgentUnderTest,
  said: Said,
  load: Reopened,
  where: string,
) {
  const replayed = [...load.before, ...load.after];
  const user = messageText(replayed, "user_message_chunk");
  const answer = messageText(replayed, "agent_message_chunk");
  const missing = [
    ...(sameText(said.prompt, user)
      ? []
      : [`the prompt ${JSON.stringify(said.prompt)} as user_message_chunk`]),
    ...(said.answer === "" || sameText(said.answer, answer)
      ? []
      : [`the answer ${JSON.stringify(said.answer.slice(0, 200))} as agent_message_chunk`]),
  ];
  const evidence = { transcript: excerptBetween(agent.transcript, load.requestSeq, load.endSeq + 4) };
  context.check({
    requirement: "agent.session-matching.load-replays-history",
    verdict: missing.length === 0 ? "pass" : "fail",
    message:
      missing.length === 0
        ? `session/load ${where} replayed the prompt and the answer`
        : `session/load ${where} must replay the whole conversation; missing: ${missing.join("; ")}`,
    ...(missing.length === 0 ? {} : { evidence }),
  });
  if (replayed.length === 0) return; // nothing replayed: there is no order to judge
  judgeReplayMessageIds(context, agent, replayed, where);
  if (load.after.length > 0) {
    context.check({
      requirement: "agent.session-matching.load-replay-before-response",
      verdict: "fail",
      message: `session/load ${where}: ${load.after.length} of the ${replayed.length} replayed updates came after its response; all must come before it`,
      evidence: { transcript: excerptBetween(agent.transcript, load.requestSeq, load.after.at(-1)!.seq) },
    });
    return;
  }
  context.check({
    requirement: "agent.session-matching.load-replay-before-response",
    verdict: "pass",
    message: `session/load ${where}: all ${replayed.length} replayed updates came before its response`,
  });
}

const LOAD_REQUIREMENTS = [
  "agent.session-matching.load-replays-history",
  "agent.session-matching.load-replay-before-response",
  "agent.session-matching.load-across-processes",
  "agent.session-matching.load-unknown-session-rejected",
  "agent.session-matching.replay-message-ids-distinct",
] as const;

export const loadSessionScenario: Scenario = {
  id: "agent.session-matching.load-session",
  title: "session/load replays a conversation, in the process that had it and in a later one",
  mode: "agent",
  requirements: LOAD_REQUIREMENTS,
  async run(context) {
    const home = scenarioDir(context, "home-");
    const cwd = scenarioDir(context, "cwd-");
    await withOwnHome(async () => {
      const first = await startWithHome(context, home);
      if (!advertisedSessionSupport(await first.handshake()).load) {
        recordNotApplicable(context, LOAD_REQUIREMENTS, "the agent does not advertise loadSession");
        return;
      }
      requirePrompt(context, "prompt");
      const said = await sessionWithHistory(first, cwd);
      const own = await reopen(first, "session/load", said.sessionId, cwd);
      if (succeeded(own)) judgeReplay(context, first, said, own, "in the process that created the session");
      else
        context.check({
          requirement: "agent.session-matching.load-replays-history",
          verdict: "fail",
          message: `session/load of a session this process created must succeed; got ${describeOutcome(own.outcome)}`,
          evidence: { transcript: excerptAround(first.transcript, own.requestSeq) },
        });

      const unknownId = `kit-unknown-session-${randomUUID()}`;
      const unknown = await first.request("session/load", { sessionId: unknownId, cwd, mcpServers: [] });
      if (unknown.kind === "response")
        context.check({
          requirement: "agent.session-matching.load-unknown-session-rejected",
          verdict: unknown.error ? "pass" : "fail",
          message: unknown.error
            ? `refused with error ${unknown.error.code}: ${unknown.error.message}`
            : `session/load of ${unknownId}, which was never created, should be refused with an error; got ${describeOutcome(unknown)}`,
          ...(unknown.error
            ? {}
            : { evidence: { transcript: excerptAround(first.transcript, unknown.response.seq) } }),
        });
      await first.finish();

      const later = await startWithHome(context, home);
      await later.handshake();
      const loaded = await reopen(later, "session/load", said.sessionId, cwd);
      if (!succeeded(loaded)) {
        context.check({
          requirement: "agent.session-matching.load-across-processes",
          verdict: "fail",
          message: `a later process (same HOME and cwd) could not load the session: ${describeOutcome(loaded.outcome)}`,
          evidence: { transcript: excerptAround(later.transcript, loaded.requestSeq) },
        });
        return;
      }
      context.check({
        requirement: "agent.session-matching.load-across-processes",
        verdict: "pass",
        message: "a later process (same HOME and cwd) loaded the session",
      });
      judgeReplay(context, later, said, loaded, "in a later process");
    });
  },
};

/** session/resume that succeeded sends no conversation before its response. */
function judgeResume(context: ScenarioContext, agent: AgentUnderTest, resume: Reopened, where: string) {
  if (!succeeded(resume)) {
    context.check({
      requirement: "agent.session-matching.resume-no-replay",
      verdict: "fail",
      message: `session/resume of a session this process created must succeed; got ${describeOutcome(resume.outcome)}`,
      evidence: { transcript: excerptAround(agent.transcript, resume.requestSeq) },
    });
    return;
  }
  if (resume.before.length > 0) {
    context.check({
      requirement: "agent.session-matching.resume-no-replay",
      verdict: "fail",
      message: `session/resume ${where} sent ${resume.before.length} conversation updates (${[...new Set(resume.before.map(updateKind))].join(", ")}) before its response; it must replay nothing`,
      evidence: { transcript: excerptBetween(agent.transcript, resume.requestSeq, resume.endSeq) },
    });
    return;
  }
  context.check({
    requirement: "agent.session-matching.resume-no-replay",
    verdict: "pass",
    message: `session/resume ${where} answered without replaying the conversation`,
  });
}

const RESUME_REQUIREMENTS = [
  "agent.session-matching.resume-no-replay",
  "agent.session-matching.resume-across-processes",
] as const;

export const resumeSessionScenario: Scenario = {
  id: "agent.session-matching.resume-session",
  title:
    "session/resume reconnects to a conversation without replaying it, in the same process and a later one",
  mode: "agent",
  requirements: RESUME_REQUIREMENTS,
  async run(context) {
    const home = scenarioDir(context, "home-");
    const cwd = scenarioDir(context, "cwd-");
    await withOwnHome(async () => {
      const first = await startWithHome(context, home);
      if (!advertisedSessionSupport(await first.handshake()).resume) {
        recordNotApplicable(
          context,
          RESUME_REQUIREMENTS,
          "the agent does not advertise sessionCapabilities.resume",
        );
        return;
      }
      requirePrompt(context, "prompt");
      const said = await sessionWithHistory(first, cwd);
      judgeResume(
        context,
        first,
        await reopen(first, "session/resume", said.sessionId, cwd),
        "in the process that created the session",
      );
      await first.finish();

      const later = await startWithHome(context, home);
      await later.handshake();
      const resumed = await reopen(later, "session/resume", said.sessionId, cwd);
      if (!succeeded(resumed)) {
        context.check({
          requirement: "agent.session-matching.resume-across-processes",
          verdict: "fail",
          message: `a later process (same HOME and cwd) could not resume the session: ${describeOutcome(resumed.outcome)}`,
          evidence: { transcript: excerptAround(later.transcript, resumed.requestSeq) },
        });
        return;
      }
      context.check({
        requirement: "agent.session-matching.resume-across-processes",
        verdict: "pass",
        message: "a later process (same HOME and cwd) resumed the session",
      });
      judgeResume(context, later, resumed, "in a later process");
    });
  },
};
