/**
 * jsonrpc: ids, notifications, and the error answers to bad input. The envelope and
 * response-count rules are checked on every frame (generic-checks.ts).
 */
import type { Scenario } from "../../kit/scenario.js";
import { sameId } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { claimRepliesWithoutId, isReplyWithoutId } from "./notification-replies.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";

/** 0 is falsy, 2^32 + 1 does not fit 32 bits, and the string has characters outside ASCII. */
const PROBE_IDS = [0, 4_294_967_297, "kit-✓-ß-1"] as const;

export const idTypesScenario: Scenario = {
  id: "agent.jsonrpc.id-types",
  title: "request ids of every allowed type are echoed unchanged",
  mode: "agent",
  requirements: ["agent.jsonrpc.id-echo"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    for (const id of PROBE_IDS) {
      const answered = agent.request(
        "session/new",
        { cwd: agent.sessionCwd, mcpServers: [] },
        { id, unmatched: "return" },
      );
      const sent = agent.connection.sent.at(-1)!;
      agent.ownDeadline.add(sent);
      // Race the exact answer against any other response: an agent that changes the id answers
      // with a different one, and waiting out the whole deadline for the exact id would be slow.
      const other = agent.connection.waitFor(
        (incoming) =>
          incoming.seq > sent.seq && incoming.message.kind === "response" && !sameId(incoming.message.id, id),
        { timeoutMs: agent.answerWaitMs },
      );
      const first = await Promise.race([
        answered.then(() => "exact" as const),
        other.then(() => "other" as const),
      ]);
      if (first === "other") await agent.settle(); // a late duplicate of an earlier id is not this probe's answer
      if (sent.answeredAtMs !== undefined) continue;
      const stray = await other;
      const echoed = stray?.message.kind === "response" ? stray.message.id : undefined;
      agent.connection.claimProblems(
        (problem) =>
          (problem.kind === "unsolicited-response" || problem.kind === "duplicate-response") &&
          problem.seq === stray?.seq,
      );
      context.check({
        requirement: "agent.jsonrpc.id-echo",
        verdict: "fail",
        message: stray
          ? `request id ${JSON.stringify(id)} came back as ${JSON.stringify(echoed)}`
          : `request id ${JSON.stringify(id)}: no answer within ${agent.answerWaitMs} ms`,
        evidence: {
          transcript: excerptAround(agent.transcript, sent.seq),
          expected: id,
          actual: echoed ?? null,
        },
      });
      return;
    }
    context.check({
      requirement: "agent.jsonrpc.id-echo",
      verdict: "pass",
      message: `ids ${PROBE_IDS.map((id) => JSON.stringify(id)).join(", ")} echoed with type and value kept`,
    });
  },
};

export const notificationsScenario: Scenario = {
  id: "agent.jsonrpc.notifications",
  title: "notifications get no reply",
  mode: "agent",
  requirements: ["agent.jsonrpc.no-reply-to-notification"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    // An idle session's cancel is the interesting case; an agent that needs credentials for a
    // session gets a cancel for a session that does not exist, which it must ignore just the same.
    const sessionId = (await agent.tryNewSession()) ?? "kit-no-such-session";
    const fromSeq = agent.transcript.nextSeq;
    await agent.connection.notify("session/cancel", { sessionId });
    await agent.connection.notify("_kit/noise", { note: "an extension notification nobody handles" });
    await agent.connection.notify(
      "foo/bar",
      { note: "a notification for a method that does not exist" },
      { deliberate: true },
    );
    const replies = await claimRepliesWithoutId(agent, fromSeq);
    if (replies.length > 0) {
      context.check({
        requirement: "agent.jsonrpc.no-reply-to-notification",
        verdict: "fail",
        message: `${replies.length} replies to notifications (idle session/cancel, _kit/noise, foo/bar)`,
        evidence: { transcript: excerptBetween(agent.transcript, fromSeq, agent.transcript.nextSeq) },
      });
      return;
    }
    context.check({
      requirement: "agent.jsonrpc.no-reply-to-notification",
      verdict: "pass",
      message: "no reply to an idle session/cancel, _kit/noise or foo/bar",
    });
  },
};

export const unknownMethodsScenario: Scenario = {
  id: "agent.jsonrpc.unknown-methods",
  title: "unknown methods get -32601",
  mode: "agent",
  requirements: ["agent.jsonrpc.method-not-found"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    for (const method of ["foo/bar", "_kit/unknown"]) {
      const outcome = await agent.request(method, {}, { deliberate: true });
      agent.ownDeadline.add(outcome.request);
      if (outcome.kind !== "response" || outcome.error?.code !== -32601) {
        context.check({
          requirement: "agent.jsonrpc.method-not-found",
          verdict: "fail",
          message: `${method}: expected error -32601, got ${describeOutcome(outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        });
        return;
      }
    }
    context.check({
      requirement: "agent.jsonrpc.method-not-found",
      verdict: "pass",
      message: "foo/bar and _kit/unknown both answered -32601",
    });
  },
};

export const parseErrorScenario: Scenario = {
  id: "agent.jsonrpc.parse-error",
  title: "a line that is not JSON",
  mode: "agent",
  requirements: ["agent.jsonrpc.survives-parse-error", "agent.jsonrpc.parse-error-code"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const fromSeq = agent.transcript.nextSeq;
    await agent.connection.sendRaw('{"jsonrpc":"2.0","id":7,');
    await agent.settle();
    const replies = agent.connection.received.filter(
      (incoming) => incoming.seq >= fromSeq && isReplyWithoutId(incoming),
    );
    const reply = replies[0];
    const idIsNull =
      reply !== undefined &&
      Object.hasOwn(reply.value as object, "id") &&
      (reply.value as { id: unknown }).id === null;
    if (reply?.message.kind === "response" && reply.message.error?.code === -32700 && idIsNull) {
      context.check({
        requirement: "agent.jsonrpc.parse-error-code",
        verdict: "pass",
        message: "answered -32700 with id null",
      });
    } else {
      context.check({
        requirement: "agent.jsonrpc.parse-error-code",
        verdict: "fail",
        message: reply
          ? `expected error -32700 with id null, got ${JSON.stringify(reply.value)}`
          : "no reply to a line that is not JSON (expected error -32700 with id null)",
        evidence: { transcript: excerptBetween(agent.transcript, fromSeq - 1, agent.transcript.nextSeq) },
      });
    }
    const next = await agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [] });
    agent.ownDeadline.add(next.request);
    if (next.kind !== "response") {
      context.check({
        requirement: "agent.jsonrpc.survives-parse-error",
        verdict: "fail",
        message: `after a line that is not JSON, session/new: ${describeOutcome(next)}`,
        evidence: {
          transcript: excerptBetween(agent.transcript, fromSeq - 1, agent.transcript.nextSeq),
          stderrTail: agent.target.stderrTail(),
        },
      });
      return;
    }
    context.check({
      requirement: "agent.jsonrpc.survives-parse-error",
      verdict: "pass",
      message: "the next request after a line that is not JSON was answered",
    });
  },
};

export const invalidRequestScenario: Scenario = {
  id: "agent.jsonrpc.invalid-request",
  title: 'a request whose "method" is not a string',
  mode: "agent",
  requirements: ["agent.jsonrpc.invalid-request"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const id = "kit-invalid-request-1";
    // JSON-RPC 2.0's own example of an invalid request object.
    const sent = await agent.connection.sendRaw(
      JSON.stringify({ jsonrpc: "2.0", id, method: 1, params: "bar" }),
      { expectReplyTo: { id, method: "(invalid request)" } },
    );
    agent.ownDeadline.add(sent!);
    await agent.settle();
    const reply = agent.connection.received.find(
      (incoming) =>
        incoming.seq > sent!.seq &&
        incoming.message.kind === "response" &&
        (incoming.message.id === id || incoming.message.id === null),
    );
    if (reply?.message.kind === "response" && reply.message.error?.code === -32600) {
      context.check({
        requirement: "agent.jsonrpc.invalid-request",
        verdict: "pass",
        message: `answered -32600 (id ${JSON.stringify(reply.message.id)})`,
      });
      return;
    }
    context.check({
      requirement: "agent.jsonrpc.invalid-request",
      verdict: "fail",
      message: reply
        ? `expected error -32600, got ${JSON.stringify(reply.value)}`
        : `no answer to {"jsonrpc":"2.0","id":"${id}","method":1,"params":"bar"} (expected error -32600)`,
      evidence: { transcript: excerptAround(agent.transcript, sent!.seq) },
    });
  },
};

export const invalidParamsScenario: Scenario = {
  id: "agent.jsonrpc.invalid-params",
  title: "known methods with missing or wrongly typed params",
  mode: "agent",
  requirements: ["agent.jsonrpc.invalid-params"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.tryNewSession();
    const probes: Array<{ method: string; params: unknown; label: string }> = [
      { method: "session/new", params: { mcpServers: [] }, label: "session/new without cwd" },
    ];
    if (sessionId !== undefined)
      probes.push({
        method: "session/prompt",
        params: { sessionId, prompt: "x" },
        label: 'session/prompt with prompt: "x"',
      });
    for (const probe of probes) {
      const outcome = agent.guardAuth(await agent.request(probe.method, probe.params, { deliberate: true }));
      agent.ownDeadline.add(outcome.request);
      if (outcome.kind !== "response" || outcome.error?.code !== -32602) {
        context.check({
          requirement: "agent.jsonrpc.invalid-params",
          verdict: "fail",
          message: `${probe.label}: expected error -32602, got ${describeOutcome(outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        });
        return;
      }
    }
    context.check({
      requirement: "agent.jsonrpc.invalid-params",
      verdict: "pass",
      message: `${probes.map((probe) => probe.label).join(" and ")}: answered -32602`,
    });
  },
};
