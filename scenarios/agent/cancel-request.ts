/**
 * `$/cancel_request`: the kit cancels two pending requests, a session/new (cancelled in the
 * same breath as it is sent) and a long prompt turn (cancelled once it streams). Acting on the
 * notification is optional; answering the request is not: each must get a response,
 * a result or error -32800. An agent that ignores the notification keeps its turn running, so
 * after a grace period the kit ends the turn with session/cancel and judges the answer then.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptBetween } from "./evidence.js";

/** How long to wait for the turn's first update before cancelling anyway. */
const FIRST_UPDATE_WAIT_MS = 1_000;
/**
 * How long the turn may run on after $/cancel_request before the kit sends session/cancel. Short:
 * whether the agent acted on the notification is not judged, only that the request is answered.
 */
const CANCEL_REQUEST_GRACE_MS = 1_500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What is wrong with the answer to a cancelled request, or undefined when it is a result or -32800.
 * A second answer is agent.jsonrpc.one-response-per-request's finding. `fellBack`: the kit had to
 * end the turn with session/cancel, so the agent did not act on $/cancel_request; then any answer
 * will do here (what a session/cancel'd turn must answer is agent.cancellation.stop-reason-cancelled's).
 */
function problem(outcome: RequestOutcome, fellBack: boolean): string | undefined {
  if (outcome.kind !== "response") return `it was never answered (${describeOutcome(outcome)})`;
  if (outcome.error && outcome.error.code !== -32800 && !fellBack)
    return `it was answered with error ${outcome.error.code}, neither a result nor -32800 (Request Cancelled)`;
  return undefined;
}

export const cancelRequestScenario: Scenario = {
  id: "agent.cancellation.cancel-request",
  title: "$/cancel_request for a pending session/new and for a long prompt turn",
  mode: "agent",
  requirements: ["agent.cancellation.cancel-request-answered"],
  needs: ["cancel-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const fromSeq = agent.transcript.nextSeq;

    const opening = agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [] });
    const openRequest = agent.connection.sent.at(-1)!;
    agent.ownDeadline.add(openRequest);
    await agent.connection.notify("$/cancel_request", { requestId: openRequest.id });
    const opened = agent.guardAuth(await opening);

    let sawUpdate: () => void = () => {};
    const firstUpdate = new Promise<void>((resolve) => (sawUpdate = resolve));
    // The turn is cancelled within FIRST_UPDATE_WAIT_MS + CANCEL_REQUEST_GRACE_MS of its start, and
    // a cancelled turn gets a turn's wait to end, as agent.timeouts.cancel-honoured gives it: an
    // agent that never answers costs that once, not three times --timeout.
    const turnPromise = agent.prompt(sessionId, context.options.prompts.cancelPrompt!, {
      waitMs: FIRST_UPDATE_WAIT_MS + CANCEL_REQUEST_GRACE_MS + agent.turnWaitMs,
      onUpdate: () => sawUpdate(),
    });
    const turnRequest = agent.connection.sent.at(-1)!;
    agent.ownDeadline.add(turnRequest);
    await Promise.race([firstUpdate, sleep(FIRST_UPDATE_WAIT_MS), turnPromise]);
    const turnCancelled = turnRequest.answeredAtMs === undefined;
    let fellBack = false;
    if (turnCancelled) {
      await agent.connection.notify("$/cancel_request", { requestId: turnRequest.id });
      // Ignoring the notification is allowed: then the turn is still running; end it the usual way.
      await Promise.race([turnPromise, sleep(CANCEL_REQUEST_GRACE_MS)]);
      fellBack = turnRequest.answeredAtMs === undefined;
      if (fellBack) await agent.connection.notify("session/cancel", { sessionId });
    }
    const turn = await turnPromise;

    const findings = [
      { what: "session/new", outcome: opened, fellBack: false },
      ...(turnCancelled ? [{ what: "the prompt turn", outcome: turn.outcome, fellBack }] : []),
    ].flatMap(({ what, outcome, fellBack: afterSessionCancel }) => {
      const wrong = problem(outcome, afterSessionCancel);
      return wrong
        ? [`${what} (id ${JSON.stringify(outcome.request.id)}) was cancelled with $/cancel_request: ${wrong}`]
        : [];
    });
    if (findings.length > 0) {
      context.check({
        requirement: "agent.cancellation.cancel-request-answered",
        verdict: "fail",
        message: findings.join("; "),
        evidence: { transcript: excerptBetween(agent.transcript, fromSeq, agent.transcript.nextSeq) },
      });
      return;
    }
    const how = (outcome: RequestOutcome) =>
      outcome.kind === "response" && outcome.error ? "error -32800" : "a result";
    context.check({
      requirement: "agent.cancellation.cancel-request-answered",
      verdict: "pass",
      message: !turnCancelled
        ? `the cancelled session/new was answered (${how(opened)}); the prompt turn ended before its $/cancel_request could be sent`
        : fellBack
          ? `the cancelled session/new was answered (${how(opened)}); the agent did not act on $/cancel_request for the prompt turn (that is allowed), which was answered after session/cancel`
          : `both cancelled requests were answered: session/new with ${how(opened)}, the prompt turn with ${how(turn.outcome)}`,
    });
  },
};
