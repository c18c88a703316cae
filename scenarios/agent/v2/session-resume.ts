/**
 * session-matching in v2, in one agent process: two sessions, a turn in the first, then
 * session/resume of it with replayFrom start (the conversation replayed, each message under its
 * own messageId, all before the answer), without replayFrom (nothing replayed) and with a cursor
 * the agent cannot know (-32602); a prompt for a session never created (refused); the second
 * session closed during a long turn (session-close-checks.ts); last, session/new with an MCP
 * transport the agent cannot know (-32602).
 */
import { randomUUID } from "node:crypto";
import type { Scenario } from "../../../kit/scenario.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptAround, excerptBetween } from "../evidence.js";
import { AgentV2UnderTest } from "./driver.js";
import { checkClose } from "./session-close-checks.js";
import {
  expectInvalidParams,
  expectPromptRefused,
  notApplicable,
  resultOf,
  sessionCapabilities,
} from "./session-support.js";
import { MESSAGE_UPDATES, updateOf, type V2Turn } from "./turn-updates.js";

const REPLAY = [
  "agent.v2.session-matching.replay-from-start",
  "agent.v2.session-matching.replay-message-ids",
  "agent.v2.session-matching.replay-before-resume-answer",
] as const;

const REQUIREMENTS = [
  ...REPLAY,
  "agent.session-matching.resume-no-replay",
  "agent.v2.session-matching.unknown-replay-cursor-refused",
  "agent.session-matching.unknown-session-rejected",
  "agent.session-matching.closed-session-rejects-prompts",
  "agent.v2.session-matching.unknown-mcp-transport-refused",
  "agent.session-matching.unique-session-ids",
  "agent.v2.session-matching.close-cancels-turn",
] as const;

const isMessage = (incoming: IncomingMessage) =>
  MESSAGE_UPDATES.has(String(updateOf(incoming).sessionUpdate));
const isUserMessage = (incoming: IncomingMessage) =>
  String(updateOf(incoming).sessionUpdate).startsWith("user_");

function textOf(incoming: IncomingMessage): string {
  const content = updateOf(incoming).content;
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((block) => (block as { text?: unknown } | undefined)?.text ?? "").join("");
}

async function checkReplay(
  agent: AgentV2UnderTest,
  sessionId: string,
  turn: V2Turn,
  text: string,
): Promise<void> {
  const { context } = agent;
  const ackId = (resultOf(turn.ack) as { messageId?: unknown } | undefined)?.messageId;
  const resume = await agent.request("session/resume", {
    sessionId,
    cwd: agent.sessionCwd,
    replayFrom: { type: "start" },
  });
  if (resume.kind !== "response" || resume.error || !turn.idle || typeof ackId !== "string") {
    const why = `there was no turn to replay and resume (the turn ${turn.idle ? "ended idle" : "never ended idle"}, acknowledged ${describeOutcome(turn.ack)}; resume ${describeOutcome(resume)})`;
    for (const requirement of REPLAY) context.check({ requirement, verdict: "not-tested", message: why });
    return;
  }
  const replayed = (await agent.updatesAfter(resume.request.seq, sessionId)).filter(isMessage);
  const evidence = {
    transcript: excerptBetween(agent.transcript, resume.request.seq, resume.response.seq + 4),
  };
  const user = replayed.filter(
    (incoming) => isUserMessage(incoming) && updateOf(incoming).messageId === ackId,
  );
  const agentReplies = replayed.filter((incoming) => !isUserMessage(incoming));
  const userText = user.map(textOf).join("");
  context.check(
    user.length > 0 &&
      userText.includes(text) &&
      (agentReplies.length > 0 || !turn.updates.some((u) => isMessage(u) && !isUserMessage(u)))
      ? {
          requirement: "agent.v2.session-matching.replay-from-start",
          verdict: "pass",
          message: `the replay reported the user message (${ackId}) and ${agentReplies.length} agent message update(s)`,
        }
      : {
          requirement: "agent.v2.session-matching.replay-from-start",
          verdict: "fail",
          message:
            user.length === 0
              ? `replayFrom start must replay the conversation; no user message under the acknowledged messageId ${ackId} came`
              : !userText.includes(text)
                ? `the replayed user message ${ackId} does not carry the prompt's text (${JSON.stringify(text)})`
                : "the replay has the user message but not the agent's reply to it",
          evidence,
        },
  );
  const withoutId = replayed.filter((incoming) => typeof updateOf(incoming).messageId !== "string");
  const userIds = new Set(replayed.filter(isUserMessage).map((incoming) => updateOf(incoming).messageId));
  const shared = agentReplies.map((incoming) => updateOf(incoming).messageId).filter((id) => userIds.has(id));
  context.check(
    withoutId.length === 0 && shared.length === 0
      ? {
          requirement: "agent.v2.session-matching.replay-message-ids",
          verdict: "pass",
          message: `all ${replayed.length} replayed message updates carry a messageId, user and agent messages distinct ones`,
        }
      : {
          requirement: "agent.v2.session-matching.replay-message-ids",
          verdict: "fail",
          message:
            withoutId.length > 0
              ? `every replayed message must carry its messageId; ${withoutId.length} replayed update(s) have none`
              : `each replayed message needs a messageId of its own; the agent's reply reuses the user message's ${JSON.stringify(shared[0])}`,
          evidence,
        },
  );
  const late = replayed.filter((incoming) => incoming.seq > resume.response.seq);
  context.check(
    late.length === 0
      ? {
          requirement: "agent.v2.session-matching.replay-before-resume-answer",
          verdict: "pass",
          message: "every replayed message came before the session/resume answer",
        }
      : {
          requirement: "agent.v2.session-matching.replay-before-resume-answer",
          verdict: "fail",
          message: `session/resume must be answered once the replay is over; ${late.length} replayed message update(s) came after the answer`,
          evidence,
        },
  );
}

async function checkResumeWithoutReplay(agent: AgentV2UnderTest, sessionId: string): Promise<void> {
  const resume = await agent.request("session/resume", { sessionId, cwd: agent.sessionCwd });
  const messages = (await agent.updatesAfter(resume.request.seq, sessionId)).filter(isMessage);
  const ok = resume.kind === "response" && !resume.error && messages.length === 0;
  agent.context.check({
    requirement: "agent.session-matching.resume-no-replay",
    verdict: ok ? "pass" : "fail",
    message: ok
      ? "session/resume without replayFrom succeeded and replayed nothing"
      : resume.kind !== "response" || resume.error
        ? `session/resume without replayFrom of a session the agent created must succeed; got ${describeOutcome(resume)}`
        : `session/resume without replayFrom must replay nothing; ${messages.length} message update(s) came`,
    ...(ok ? {} : { evidence: { transcript: excerptAround(agent.transcript, resume.request.seq, 2, 10) } }),
  });
  const cursor = await agent.request("session/resume", {
    sessionId,
    cwd: agent.sessionCwd,
    replayFrom: { type: "_kit_cursor" },
  });
  expectInvalidParams(
    agent,
    "agent.v2.session-matching.unknown-replay-cursor-refused",
    cursor,
    "session/resume with replayFrom {type: _kit_cursor}, a cursor the agent cannot support,",
  );
}

export const sessionResumeV2Scenario: Scenario = {
  id: "agent.v2.session-matching.resume-and-refusals",
  title:
    "v2 session/resume with and without replay, prompts for unknown and closed sessions, an unknown MCP transport",
  mode: "agent",
  requirements: REQUIREMENTS,
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    const result = await agent.handshake();
    if (!sessionCapabilities(result)) {
      notApplicable(context, REQUIREMENTS, "the agent does not advertise capabilities.session");
      return;
    }
    const first = await agent.newSession();
    const second = await agent.newSession();
    context.check(
      first !== second
        ? {
            requirement: "agent.session-matching.unique-session-ids",
            verdict: "pass",
            message: "two session/new calls gave two different session ids",
          }
        : {
            requirement: "agent.session-matching.unique-session-ids",
            verdict: "fail",
            message: `each session/new must give a session id of its own; both gave ${first}`,
            evidence: { transcript: excerptBetween(agent.transcript, 0, agent.transcript.nextSeq) },
          },
    );
    const text = context.options.prompts.prompt ?? "Say hello.";
    const turn = await agent.prompt(first, text);
    await checkReplay(agent, first, turn, text);
    await checkResumeWithoutReplay(agent, first);
    await expectPromptRefused(
      agent,
      "agent.session-matching.unknown-session-rejected",
      `kit-never-created-${randomUUID()}`,
      "a session id the agent never created",
    );
    await checkClose(agent, second);
    const mcp = await agent.request("session/new", {
      cwd: agent.sessionCwd,
      mcpServers: [{ type: "_kit_transport", name: "acp-conformance" }],
    });
    expectInvalidParams(
      agent,
      "agent.v2.session-matching.unknown-mcp-transport-refused",
      mcp,
      "session/new with an MCP server of type _kit_transport, which no agent can support,",
    );
  },
};
