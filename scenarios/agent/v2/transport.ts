/**
 * The transport in v2: unchanged from v1 (JSON-RPC over newline-delimited stdio), so these record
 * v1's requirements (they list both versions): frames split over many writes and several in one
 * write, each read whole; and, when stdin closes, the agent exits and leaves nothing running.
 */
import { survivorEvidence } from "../../../kit/process/tree.js";
import type { Scenario } from "../../../kit/scenario.js";
import { sleep, withTimeout } from "../../../kit/time.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { closeGraceFor, judgedInPreflightCheck, stdinEndIgnoredInPreflight } from "../stdin-end-learned.js";
import { AgentV2UnderTest } from "./driver.js";

/** Unicode in _meta makes some cut points fall inside a multi-byte character. */
const UNICODE_META = { "acp-conformance": "split ✓ é 😀 ü" };

/** Descendants get this long after the agent's exit to finish exiting themselves. */
const SETTLE_MS = 1_000;

export const framingV2Scenario: Scenario = {
  id: "agent.v2.framing.split-and-coalesced",
  title: "v2 frames written in small pieces, and several in one write",
  mode: "agent",
  requirements: ["agent.framing.accepts-split-frames", "agent.framing.accepts-coalesced-frames"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const params = { cwd: agent.sessionCwd };
    const split = await agent.request(
      "session/new",
      { ...params, _meta: UNICODE_META },
      { write: { kind: "split", pieces: 23, delayMs: 25 } },
    );
    agent.ownDeadline.add(split.request);
    context.check(
      split.kind === "response"
        ? {
            requirement: "agent.framing.accepts-split-frames",
            verdict: "pass",
            message: "session/new written in 23 pieces, 25 ms apart, was answered",
          }
        : {
            requirement: "agent.framing.accepts-split-frames",
            verdict: "fail",
            message: `session/new written in 23 pieces 25 ms apart: ${describeOutcome(split)}`,
            evidence: { transcript: excerptAround(agent.transcript, split.request.seq) },
          },
    );
    const requests = await agent.connection.sendCoalesced([
      { method: "session/new", params },
      { method: "session/new", params },
      { method: "session/new", params },
    ]);
    const outcomes = await Promise.all(
      requests.map((request) => agent.connection.awaitResponse(request, agent.answerWaitMs)),
    );
    for (const request of requests) agent.ownDeadline.add(request);
    const unanswered = outcomes.filter((outcome) => outcome.kind !== "response");
    context.check(
      unanswered.length === 0
        ? {
            requirement: "agent.framing.accepts-coalesced-frames",
            verdict: "pass",
            message: "three session/new requests in one write, all three answered",
          }
        : {
            requirement: "agent.framing.accepts-coalesced-frames",
            verdict: "fail",
            message: `three session/new requests in one write: ${unanswered.length} got no answer (${describeOutcome(unanswered[0]!)})`,
            evidence: { transcript: excerptAround(agent.transcript, requests[0]!.seq, 2, 10) },
          },
    );
  },
};

export const cleanupV2Scenario: Scenario = {
  id: "agent.v2.cleanup.stdin-close",
  title: "the agent's stdin is closed after a v2 session and turn",
  mode: "agent",
  requirements: ["agent.cleanup.exits-on-stdin-close", "agent.cleanup.no-surviving-descendants"],
  async run(context) {
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    if (context.options.prompts.prompt !== undefined)
      await agent.prompt(sessionId, context.options.prompts.prompt);
    const seenEarlier = agent.descendants();
    agent.target.closeStdin();
    const exit = await withTimeout(agent.target.exited, closeGraceFor(context));
    context.check(
      exit
        ? {
            requirement: "agent.cleanup.exits-on-stdin-close",
            verdict: "pass",
            message: "the agent exited after its stdin closed",
          }
        : stdinEndIgnoredInPreflight(context)
          ? judgedInPreflightCheck(context)
          : {
              requirement: "agent.cleanup.exits-on-stdin-close",
              verdict: "fail",
              message: `the agent was still running ${context.options.closeGraceMs} ms after its stdin closed (--close-grace)`,
              evidence: { stderrTail: agent.target.stderrTail() },
            },
    );
    if (!exit) {
      // End the group ourselves, without the teardown's sweep, so escaped descendants stay visible below.
      agent.target.signalGroup("SIGTERM");
      if (!(await withTimeout(agent.target.exited, 2_000))) {
        agent.target.signalGroup("SIGKILL");
        await agent.target.exited;
      }
    }
    let survivors = agent.descendants(seenEarlier);
    for (const deadline = Date.now() + SETTLE_MS; survivors.length > 0 && Date.now() < deadline; ) {
      await sleep(50);
      survivors = agent.descendants(seenEarlier);
    }
    context.check(
      survivors.length > 0
        ? {
            requirement: "agent.cleanup.no-surviving-descendants",
            verdict: "fail",
            message: `${survivors.length} process(es) the agent started outlived it: ${survivors.map((info) => `pid ${info.pid} (${info.command})`).join(", ")}`,
            evidence: {
              processes: survivorEvidence(survivors),
            },
          }
        : {
            requirement: "agent.cleanup.no-surviving-descendants",
            verdict: "pass",
            message: "no descendant of the agent outlived it",
          },
    );
  },
};
