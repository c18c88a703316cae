/**
 * session/close during a long turn: the agent must cancel the work as session/cancel would
 * (the turn ends with stopReason cancelled) and answer the close with success; a prompt to the
 * closed session afterwards should be refused. Gated on sessionCapabilities.close. A turn that
 * finished before the close was sent is not exercised: a race the kit lost.
 */
import type { Scenario } from "../../kit/scenario.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";
import {
  advertisedSessionSupport,
  newSessionIn,
  recordNotApplicable,
  requirePrompt,
  scenarioDir,
  startWithHome,
  withOwnHome,
} from "./session-requests.js";

/** How long to wait for the turn's first update before closing anyway. */
const FIRST_UPDATE_WAIT_MS = 1_000;

const CLOSE_REQUIREMENTS = [
  "agent.cancellation.close-cancels-turn",
  "agent.session-matching.closed-session-rejects-prompts",
] as const;

export const closeSessionScenario: Scenario = {
  id: "agent.cancellation.close-during-turn",
  title: "session/close during a long turn, then a prompt to the closed session",
  mode: "agent",
  requirements: CLOSE_REQUIREMENTS,
  async run(context) {
    const home = scenarioDir(context, "home-");
    const cwd = scenarioDir(context, "cwd-");
    await withOwnHome(async () => {
      const agent = await startWithHome(context, home);
      if (!advertisedSessionSupport(await agent.handshake()).close) {
        recordNotApplicable(
          context,
          CLOSE_REQUIREMENTS,
          "the agent does not advertise sessionCapabilities.close",
        );
        return;
      }
      requirePrompt(context, "cancel-prompt");
      const sessionId = await newSessionIn(agent, cwd);
      const { timeoutMs } = context.options;
      let firstUpdate: () => void = () => {};
      const sawUpdate = new Promise<void>((resolve) => (firstUpdate = resolve));
      // As for session/cancel: wait well past --timeout, so a slow close is still judged on its stop reason.
      const turnPromise = agent.prompt(sessionId, context.options.prompts.cancelPrompt!, {
        waitMs: timeoutMs * 2 + 5_000,
        onUpdate: () => firstUpdate(),
      });
      const request = agent.connection.sent.at(-1)!;
      agent.ownDeadline.add(request);
      await Promise.race([
        sawUpdate,
        new Promise((resolve) => setTimeout(resolve, FIRST_UPDATE_WAIT_MS)),
        turnPromise,
      ]);
      if (request.answeredAtMs !== undefined) {
        const turn = await turnPromise;
        const message = `not exercised: the turn ended (${describeOutcome(turn.outcome)}) before session/close could be sent; use a --cancel-prompt that keeps the agent busy longer`;
        for (const requirement of CLOSE_REQUIREMENTS)
          context.check({ requirement, verdict: "not-tested", message });
        return;
      }

      const close = await agent.request("session/close", { sessionId }, { waitMs: timeoutMs * 2 + 5_000 });
      const turn = await turnPromise;
      const closeSeq = close.request.seq;
      const stopReason =
        turn.outcome.kind === "response" && !turn.outcome.error
          ? (turn.outcome.result as { stopReason?: unknown } | undefined)?.stopReason
          : undefined;
      const closed = close.kind === "response" && !close.error;
      if (closed && stopReason === "cancelled") {
        context.check({
          requirement: "agent.cancellation.close-cancels-turn",
          verdict: "pass",
          message: "session/close was answered with success and the turn ended with stopReason cancelled",
        });
      } else {
        const problems = [
          ...(closed ? [] : [`session/close must succeed; got ${describeOutcome(close)}`]),
          ...(stopReason === "cancelled"
            ? []
            : [`the turn must end with stopReason cancelled; got ${describeOutcome(turn.outcome)}`]),
        ];
        context.check({
          requirement: "agent.cancellation.close-cancels-turn",
          verdict: "fail",
          message: problems.join("; "),
          evidence: {
            transcript: excerptBetween(agent.transcript, closeSeq - 2, Math.max(turn.endSeq, closeSeq + 2)),
          },
        });
      }
      if (!closed) {
        context.check({
          requirement: "agent.session-matching.closed-session-rejects-prompts",
          verdict: "not-tested",
          message: `the session could not be closed (${describeOutcome(close)})`,
        });
        return;
      }

      const after = await agent.prompt(
        sessionId,
        "This session was closed; the agent must refuse the prompt.",
      );
      agent.ownDeadline.add(after.request);
      if (after.outcome.kind !== "response") {
        context.check({
          requirement: "agent.session-matching.closed-session-rejects-prompts",
          verdict: "fail",
          message: `a prompt to the closed session should be refused with an error; got ${describeOutcome(after.outcome)}`,
          evidence: { transcript: excerptAround(agent.transcript, after.request.seq) },
        });
        return;
      }
      context.check({
        requirement: "agent.session-matching.closed-session-rejects-prompts",
        verdict: after.outcome.error ? "pass" : "fail",
        message: after.outcome.error
          ? `refused with error ${after.outcome.error.code}: ${after.outcome.error.message}`
          : `a prompt to the closed session should be refused with an error; got ${describeOutcome(after.outcome)}`,
        ...(after.outcome.error
          ? {}
          : { evidence: { transcript: excerptAround(agent.transcript, after.outcome.response.seq) } }),
      });
    });
  },
};
