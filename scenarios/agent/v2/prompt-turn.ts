/**
 * A session's life in v2, in one agent process: two prompt turns (the plain prompt, then the
 * permission prompt when given; every turn is judged by turn-checks.ts), the methods v2 removed,
 * and the session baseline an agent owes once it advertises `session` (list, resume with replay,
 * close).
 */
import type { Scenario } from "../../../kit/scenario.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { isSessionUpdate, updateSessionId } from "../session-updates.js";
import { isState, updateOf } from "./turn-updates.js";

const REMOVED_METHODS = ["session/load", "session/set_mode", "authenticate"] as const;

async function checkRemovedMethods(agent: AgentV2UnderTest, sessionId: string): Promise<void> {
  const params: Record<string, unknown> = {
    "session/load": { sessionId, cwd: agent.sessionCwd, mcpServers: [] },
    "session/set_mode": { sessionId, modeId: "default" },
    authenticate: { methodId: "acp-conformance" },
  };
  for (const method of REMOVED_METHODS) {
    const outcome = await agent.request(method, params[method], { deliberate: true });
    if (outcome.kind !== "response" || outcome.error?.code !== -32601) {
      agent.context.check({
        requirement: "agent.v2.jsonrpc.removed-methods-not-found",
        verdict: "fail",
        message: `${method}, which v2 removed, must be answered -32601 (method not found); got ${describeOutcome(outcome)}`,
        evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
      });
      return;
    }
  }
  agent.context.check({
    requirement: "agent.v2.jsonrpc.removed-methods-not-found",
    verdict: "pass",
    message: `${REMOVED_METHODS.join(", ")} each answered -32601`,
  });
}

/** v1's agent.session-matching.updates-carry-session-id: this scenario's one session is the only one that may be named. */
function checkUpdatesNameTheSession(agent: AgentV2UnderTest, sessionId: string): void {
  const during = agent.turns.flatMap((turn) =>
    agent.connection.received.filter(
      (incoming) =>
        incoming.seq > turn.request.seq &&
        incoming.seq < turn.endSeq &&
        isSessionUpdate(incoming) &&
        // Which session a command list names is agent.session-matching.commands-for-created-session's to judge.
        updateOf(incoming).sessionUpdate !== "available_commands_update",
    ),
  );
  const foreign = during.find((incoming) => updateSessionId(incoming) !== sessionId);
  if (foreign)
    agent.context.check({
      requirement: "agent.session-matching.updates-carry-session-id",
      verdict: "fail",
      message: `a session/update during the turn named session ${JSON.stringify(updateSessionId(foreign))}, not the prompted ${sessionId} (the only session of this connection)`,
      evidence: { transcript: excerptAround(agent.transcript, foreign.seq) },
    });
  else if (during.length > 0)
    agent.context.check({
      requirement: "agent.session-matching.updates-carry-session-id",
      verdict: "pass",
      message: `all ${during.length} session/update notifications during the turns named the prompted session`,
    });
}

async function checkBaseline(agent: AgentV2UnderTest, sessionId: string, advertised: boolean): Promise<void> {
  const { context } = agent;
  if (!advertised) {
    for (const requirement of [
      "agent.v2.capabilities.session-baseline",
      "agent.v2.capabilities.resume-reports-state",
    ] as const)
      context.check({
        requirement,
        verdict: "not-applicable",
        message: "the agent does not advertise capabilities.session",
      });
    return;
  }
  const list = await agent.request("session/list", {});
  const resume = await agent.request("session/resume", {
    sessionId,
    cwd: agent.sessionCwd,
    replayFrom: { type: "start" },
  });
  const close = await agent.request("session/close", { sessionId });
  const listed =
    list.kind === "response" && !list.error
      ? (list.result as { sessions?: Array<{ sessionId?: unknown }> }).sessions
      : undefined;
  const failed = [list, resume, close].find((outcome) => outcome.kind !== "response" || outcome.error);
  if (failed)
    context.check({
      requirement: "agent.v2.capabilities.session-baseline",
      verdict: "fail",
      message: `the agent advertises session, which commits it to the baseline, but ${failed.request.method} got ${describeOutcome(failed)}`,
      evidence: { transcript: excerptAround(agent.transcript, failed.request.seq) },
    });
  else if (!listed?.some((info) => info.sessionId === sessionId))
    context.check({
      requirement: "agent.v2.capabilities.session-baseline",
      verdict: "fail",
      message: `session/list does not list the session the kit just prompted (${sessionId})`,
      evidence: { transcript: excerptAround(agent.transcript, list.request.seq) },
    });
  else
    context.check({
      requirement: "agent.v2.capabilities.session-baseline",
      verdict: "pass",
      message: "session/list listed the session, session/resume and session/close answered with results",
    });
  if (resume.kind !== "response" || resume.error) {
    context.check({
      requirement: "agent.v2.capabilities.resume-reports-state",
      verdict: "not-tested",
      message: `session/resume did not succeed (${describeOutcome(resume)})`,
    });
    return;
  }
  const state = agent.connection.received.find(
    (incoming) =>
      incoming.seq > resume.request.seq &&
      incoming.seq < resume.response.seq &&
      (isState(incoming, "idle") || isState(incoming, "running") || isState(incoming, "requires_action")),
  );
  context.check(
    state
      ? {
          requirement: "agent.v2.capabilities.resume-reports-state",
          verdict: "pass",
          message: "session/resume sent a state_update before its answer",
        }
      : {
          requirement: "agent.v2.capabilities.resume-reports-state",
          verdict: "fail",
          message:
            "session/resume was answered without a state_update before the answer (the current state must come after any replay and before the response)",
          evidence: { transcript: excerptAround(agent.transcript, resume.response.seq) },
        },
  );
}

export const promptTurnV2Scenario: Scenario = {
  id: "agent.v2.prompt.session-life",
  title: "two v2 prompt turns, the removed methods, then list, resume with replay and close",
  mode: "agent",
  requirements: [
    "agent.v2.prompt.acknowledged-without-stop-reason",
    "agent.v2.prompt.user-message-reported",
    "agent.v2.prompt.running-before-output",
    "agent.v2.prompt.ends-idle-with-stop-reason",
    "agent.v2.prompt.message-ids-distinct",
    "agent.v2.prompt.cancelled-only-when-cancelled",
    "agent.v2.prompt.final-tool-status",
    "agent.session-matching.updates-carry-session-id",
    "agent.v2.jsonrpc.removed-methods-not-found",
    "agent.v2.capabilities.session-baseline",
    "agent.v2.capabilities.resume-reports-state",
  ],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const result = await agent.handshake();
    const sessionId = await agent.newSession();
    const { prompt, permissionPrompt } = context.options.prompts;
    if (prompt !== undefined) await agent.prompt(sessionId, prompt);
    await agent.prompt(sessionId, permissionPrompt ?? prompt ?? "Say hello.");
    checkUpdatesNameTheSession(agent, sessionId);
    await checkRemovedMethods(agent, sessionId);
    const session = (result.capabilities as { session?: unknown } | undefined)?.session;
    await checkBaseline(agent, sessionId, session !== undefined && session !== null);
  },
};
