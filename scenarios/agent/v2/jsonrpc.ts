/**
 * JSON-RPC in v2: unchanged from v1 (overview.mdx, error handling; extensibility.mdx, custom
 * methods; cancellation.mdx, `$/cancel_request`), so one v2 run records v1's requirements, which
 * list both versions: notifications never answered, unknown methods -32601, an object that is not
 * a request -32600, a line that is not JSON (a batch cut short) -32700 and the agent still
 * serving, params v2 does not accept -32602, a request cancelled with `$/cancel_request` still
 * answered, and a request ending in CRLF read like any other. Each probe runs after the last was answered, so each reply is read against its probe.
 */
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import type { IncomingMessage, RequestOutcome } from "../../../kit/wire/connection.js";
import type { RequirementId } from "../../../kit/requirements/index.js";
import { describeOutcome, excerptAround, excerptBetween } from "../evidence.js";
import { isReplyWithoutId } from "../notification-replies.js";
import { AgentV2UnderTest } from "./driver.js";

/** Replies without an id since `fromSeq` once the agent has settled, claimed from the envelope check. */
export async function repliesWithoutId(agent: AgentV2UnderTest, fromSeq: number): Promise<IncomingMessage[]> {
  await agent.settle();
  const replies = agent.connection.received.filter(
    (incoming) => incoming.seq >= fromSeq && isReplyWithoutId(incoming),
  );
  agent.connection.claimProblems(
    (problem) => problem.kind === "envelope" && replies.some((reply) => reply.seq === problem.seq),
  );
  return replies;
}

function judgeOutcome(
  context: ScenarioContext,
  agent: AgentV2UnderTest,
  requirement: RequirementId,
  outcome: RequestOutcome,
  what: string,
  wanted: (outcome: RequestOutcome) => boolean,
  expected: string,
): void {
  context.check(
    wanted(outcome)
      ? { requirement, verdict: "pass", message: `${what}: ${expected}` }
      : {
          requirement,
          verdict: "fail",
          message: `${what}: expected ${expected}, got ${describeOutcome(outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        },
  );
}

const errorCode = (code: number) => (outcome: RequestOutcome) =>
  outcome.kind === "response" && outcome.error?.code === code;

async function checkNotifications(context: ScenarioContext, agent: AgentV2UnderTest): Promise<void> {
  const fromSeq = agent.transcript.nextSeq;
  await agent.connection.notify("session/cancel", { sessionId: "kit-no-such-session" });
  await agent.connection.notify("_kit/noise", { note: "an extension notification nobody handles" });
  await agent.connection.notify("$/cancel_request", { requestId: "kit-no-such-request" });
  await agent.connection.notify("foo/bar", { note: "a notification for no method" }, { deliberate: true });
  const replies = await repliesWithoutId(agent, fromSeq);
  context.check(
    replies.length > 0
      ? {
          requirement: "agent.jsonrpc.no-reply-to-notification",
          verdict: "fail",
          message: `${replies.length} replies to notifications (session/cancel of no session, _kit/noise, $/cancel_request of no request, foo/bar)`,
          evidence: { transcript: excerptBetween(agent.transcript, fromSeq, agent.transcript.nextSeq) },
        }
      : {
          requirement: "agent.jsonrpc.no-reply-to-notification",
          verdict: "pass",
          message:
            "no reply to session/cancel of no session, _kit/noise, $/cancel_request of no request or foo/bar",
        },
  );
}

async function checkParseError(context: ScenarioContext, agent: AgentV2UnderTest): Promise<void> {
  const fromSeq = agent.transcript.nextSeq;
  // A batch cut short: not JSON, so one -32700 with id null (transports.mdx), as for any such line.
  await agent.connection.sendRaw('[{"jsonrpc":"2.0","id":"kit-cut-batch",');
  const reply = (await repliesWithoutId(agent, fromSeq))[0];
  const value = reply?.value as { id?: unknown } | undefined;
  const right =
    reply?.message.kind === "response" &&
    reply.message.error?.code === -32700 &&
    value !== undefined &&
    Object.hasOwn(value, "id") &&
    value.id === null;
  context.check(
    right
      ? {
          requirement: "agent.jsonrpc.parse-error-code",
          verdict: "pass",
          message: "answered -32700 with id null",
        }
      : {
          requirement: "agent.jsonrpc.parse-error-code",
          verdict: "fail",
          message: reply
            ? `a batch line cut short: expected error -32700 with id null, got ${JSON.stringify(reply.value)}`
            : "no reply to a batch line cut short, which is not JSON (expected error -32700 with id null)",
          evidence: { transcript: excerptBetween(agent.transcript, fromSeq - 1, agent.transcript.nextSeq) },
        },
  );
  const next = await agent.request("session/new", { cwd: agent.sessionCwd });
  agent.ownDeadline.add(next.request);
  judgeOutcome(
    context,
    agent,
    "agent.jsonrpc.survives-parse-error",
    next,
    "session/new after a line that is not JSON",
    (outcome) => outcome.kind === "response",
    "an answer",
  );
}

async function checkInvalidRequest(context: ScenarioContext, agent: AgentV2UnderTest): Promise<void> {
  const id = "kit-invalid-request-1";
  // JSON-RPC 2.0's own example of an invalid request object.
  const sent = await agent.connection.sendRaw(
    JSON.stringify({ jsonrpc: "2.0", id, method: 1, params: "bar" }),
    {
      expectReplyTo: { id, method: "(invalid request)" },
    },
  );
  agent.ownDeadline.add(sent!);
  await agent.settle();
  const reply = agent.connection.received.find(
    (incoming) =>
      incoming.seq > sent!.seq &&
      incoming.message.kind === "response" &&
      (incoming.message.id === id || incoming.message.id === null),
  );
  context.check(
    reply?.message.kind === "response" && reply.message.error?.code === -32600
      ? {
          requirement: "agent.jsonrpc.invalid-request",
          verdict: "pass",
          message: `answered -32600 (id ${JSON.stringify(reply.message.id)})`,
        }
      : {
          requirement: "agent.jsonrpc.invalid-request",
          verdict: "fail",
          message: reply
            ? `expected error -32600, got ${JSON.stringify(reply.value)}`
            : `no answer to {"jsonrpc":"2.0","id":"${id}","method":1,"params":"bar"} (expected error -32600)`,
          evidence: { transcript: excerptAround(agent.transcript, sent!.seq) },
        },
  );
}

async function checkCrlf(context: ScenarioContext, agent: AgentV2UnderTest): Promise<void> {
  const outcome = await agent.request("session/new", { cwd: agent.sessionCwd }, { write: { kind: "crlf" } });
  agent.ownDeadline.add(outcome.request);
  judgeOutcome(
    context,
    agent,
    "agent.framing.accepts-crlf",
    outcome,
    "session/new ending in \\r\\n",
    (answered) => answered.kind === "response",
    "an answer",
  );
}

async function checkCancelRequest(context: ScenarioContext, agent: AgentV2UnderTest): Promise<void> {
  const pending = agent.request("session/new", { cwd: agent.sessionCwd });
  const sent = agent.connection.sent.at(-1)!;
  agent.ownDeadline.add(sent);
  await agent.connection.notify("$/cancel_request", { requestId: sent.id });
  judgeOutcome(
    context,
    agent,
    "agent.cancellation.cancel-request-answered",
    await pending,
    "session/new cancelled with $/cancel_request as it was sent",
    (outcome) => outcome.kind === "response" && (!outcome.error || outcome.error.code === -32800),
    "a result or error -32800",
  );
}

export const jsonRpcV2Scenario: Scenario = {
  id: "agent.v2.jsonrpc.errors-and-cancel-request",
  title: "notifications, unknown methods, bad input and $/cancel_request on a v2 connection",
  mode: "agent",
  requirements: [
    "agent.jsonrpc.no-reply-to-notification",
    "agent.jsonrpc.method-not-found",
    "agent.jsonrpc.invalid-request",
    "agent.jsonrpc.parse-error-code",
    "agent.jsonrpc.survives-parse-error",
    "agent.jsonrpc.invalid-params",
    "agent.cancellation.cancel-request-answered",
    "agent.framing.accepts-crlf",
  ],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    await checkNotifications(context, agent);
    const unknown = [];
    for (const method of ["foo/bar", "_kit/unknown"]) {
      const outcome = await agent.request(method, {}, { deliberate: true });
      agent.ownDeadline.add(outcome.request);
      unknown.push(outcome);
    }
    const wrong = unknown.find((outcome) => !errorCode(-32601)(outcome));
    judgeOutcome(
      context,
      agent,
      "agent.jsonrpc.method-not-found",
      wrong ?? unknown[0]!,
      wrong ? wrong.request.method : "foo/bar and _kit/unknown",
      errorCode(-32601),
      "error -32601",
    );
    await checkInvalidRequest(context, agent);
    await checkParseError(context, agent);
    // session/new without its required cwd (v2 made mcpServers optional, so cwd is all it needs).
    const noCwd = await agent.request("session/new", {}, { deliberate: true });
    agent.ownDeadline.add(noCwd.request);
    judgeOutcome(
      context,
      agent,
      "agent.jsonrpc.invalid-params",
      noCwd,
      "session/new without cwd",
      errorCode(-32602),
      "error -32602",
    );
    await checkCancelRequest(context, agent);
    await checkCrlf(context, agent);
  },
};
