/**
 * framing: how the agent reads frames that do not arrive one write per line. What the agent
 * writes (stdout hygiene, UTF-8, line length) is checked on every frame of every scenario
 * (generic-checks.ts).
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptAround } from "./evidence.js";

/** Unicode in _meta makes some cut points fall inside a multi-byte character. */
const UNICODE_META = { "acp-conformance": "split ✓ é 😀 ü" };

export const splitWritesScenario: Scenario = {
  id: "agent.framing.split-writes",
  title: "frames written in many small pieces with pauses between them",
  mode: "agent",
  requirements: ["agent.framing.accepts-split-frames"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    for (const pieces of [7, 23]) {
      const outcome = await agent.request(
        "session/new",
        { cwd: agent.sessionCwd, mcpServers: [], _meta: UNICODE_META },
        { write: { kind: "split", pieces, delayMs: 25 } },
      );
      agent.ownDeadline.add(outcome.request);
      // Any answer to this id (an error too) shows the frame was reassembled and read.
      if (outcome.kind !== "response") {
        context.check({
          requirement: "agent.framing.accepts-split-frames",
          verdict: "fail",
          message: `session/new written in ${pieces} pieces 25 ms apart: ${describeOutcome(outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
        });
        return;
      }
    }
    context.check({
      requirement: "agent.framing.accepts-split-frames",
      verdict: "pass",
      message: "session/new written in 7 and in 23 pieces, 25 ms apart, answered both times",
    });
  },
};

export const coalescedWritesScenario: Scenario = {
  id: "agent.framing.coalesced-writes",
  title: "several frames arriving in one write",
  mode: "agent",
  requirements: ["agent.framing.accepts-coalesced-frames"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const params = { cwd: agent.sessionCwd, mcpServers: [] };
    const requests = await agent.connection.sendCoalesced([
      { method: "session/new", params },
      { method: "session/new", params },
      { method: "session/new", params },
    ]);
    const outcomes = await Promise.all(
      requests.map((request) => agent.connection.awaitResponse(request, agent.answerWaitMs)),
    );
    for (const request of requests) agent.ownDeadline.add(request);
    for (const outcome of outcomes) agent.stopIfUnmatched(outcome);
    const unanswered = outcomes.filter((outcome) => outcome.kind !== "response");
    if (unanswered.length > 0) {
      context.check({
        requirement: "agent.framing.accepts-coalesced-frames",
        verdict: "fail",
        message: `three session/new requests in one write: ${unanswered.length} of them got no answer (${describeOutcome(unanswered[0]!)})`,
        evidence: { transcript: excerptAround(agent.transcript, requests[0]!.seq, 2, 10) },
      });
      return;
    }
    context.check({
      requirement: "agent.framing.accepts-coalesced-frames",
      verdict: "pass",
      message: "three session/new requests in one write, all three answered",
    });
  },
};

export const crlfScenario: Scenario = {
  id: "agent.framing.crlf-line-ends",
  title: "frames ending in CRLF",
  mode: "agent",
  requirements: ["agent.framing.accepts-crlf"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const outcome = await agent.request(
      "session/new",
      { cwd: agent.sessionCwd, mcpServers: [] },
      { write: { kind: "crlf" } },
    );
    agent.ownDeadline.add(outcome.request);
    if (outcome.kind !== "response") {
      context.check({
        requirement: "agent.framing.accepts-crlf",
        verdict: "fail",
        message: `session/new ending in \\r\\n: ${describeOutcome(outcome)}`,
        evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) },
      });
      return;
    }
    context.check({
      requirement: "agent.framing.accepts-crlf",
      verdict: "pass",
      message: "session/new ending in \\r\\n was answered",
    });
  },
};
