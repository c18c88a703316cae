/**
 * session-matching: session ids are unique, unknown ones are refused, and updates always
 * name the session they belong to, also when two sessions run turns at the same time.
 */
import { randomUUID } from "node:crypto";
import type { Scenario } from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { updateSessionId } from "./session-updates.js";
import { isTurnContent } from "./prompt.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";

export const uniqueSessionIdsScenario: Scenario = {
  id: "agent.session-matching.unique-ids",
  title: "three session/new calls return three different ids",
  mode: "agent",
  requirements: ["agent.session-matching.unique-session-ids"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const ids = [await agent.newSession(), await agent.newSession(), await agent.newSession()];
    if (new Set(ids).size !== ids.length) {
      context.check({
        requirement: "agent.session-matching.unique-session-ids",
        verdict: "fail",
        message: `session/new returned the same id more than once: ${ids.join(", ")}`,
        evidence: { actual: ids },
      });
      return;
    }
    context.check({
      requirement: "agent.session-matching.unique-session-ids",
      verdict: "pass",
      message: "three session/new calls returned three different ids",
      evidence: { actual: ids },
    });
  },
};

export const unknownSessionScenario: Scenario = {
  id: "agent.session-matching.unknown-session",
  title: "a prompt for a session that was never created",
  mode: "agent",
  requirements: ["agent.session-matching.unknown-session-rejected"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    await agent.tryNewSession(); // so the agent has a session it might confuse the unknown one with
    const unknownId = `kit-unknown-session-${randomUUID()}`;
    const turn = await agent.prompt(
      unknownId,
      "This session does not exist; the agent must refuse the prompt.",
    );
    agent.ownDeadline.add(turn.request);
    if (turn.outcome.kind === "response" && turn.outcome.error) {
      context.check({
        requirement: "agent.session-matching.unknown-session-rejected",
        verdict: "pass",
        message: `refused with error ${turn.outcome.error.code}: ${turn.outcome.error.message}`,
      });
      return;
    }
    context.check({
      requirement: "agent.session-matching.unknown-session-rejected",
      verdict: "fail",
      message: `a prompt for session ${unknownId}, which was never created, must be refused with an error; got ${describeOutcome(turn.outcome)}`,
      evidence: { transcript: excerptAround(agent.transcript, turn.request.seq) },
    });
  },
};

function updateText(incoming: IncomingMessage): string {
  return JSON.stringify(
    incoming.message.kind === "notification"
      ? ((incoming.message.params as { update?: unknown } | undefined)?.update ?? "")
      : "",
  );
}

export const concurrentSessionsScenario: Scenario = {
  id: "agent.session-matching.concurrent-turns",
  title: "two sessions prompted at the same time",
  mode: "agent",
  requirements: [
    "agent.session-matching.concurrent-sessions-isolated",
    "agent.session-matching.updates-carry-session-id",
  ],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const first = await agent.newSession();
    const second = await agent.newSession();
    const nonces = new Map([
      [first, `kit-nonce-${randomUUID().slice(0, 8)}`],
      [second, `kit-nonce-${randomUUID().slice(0, 8)}`],
    ]);
    const fromSeq = agent.transcript.nextSeq;
    const prompt = context.options.prompts.prompt!;
    const turns = await Promise.all(
      [first, second].map((sessionId) => agent.prompt(sessionId, `${prompt} (${nonces.get(sessionId)})`)),
    );
    for (const turn of turns) agent.ownDeadline.add(turn.request);
    const unfinished = turns.filter((turn) => turn.outcome.kind !== "response");
    if (unfinished.length > 0) {
      context.check({
        requirement: "agent.session-matching.concurrent-sessions-isolated",
        verdict: "not-tested",
        message: `not exercised: ${unfinished.length} of the two concurrent turns did not finish (${describeOutcome(unfinished[0]!.outcome)})`,
      });
      return;
    }
    const updates = turns
      .flatMap((turn) => turn.updates)
      .filter((update, index, all) => all.indexOf(update) === index);
    // An update naming neither session is agent.session-matching.updates-carry-session-id's finding;
    // this check is about the two live sessions: one session's update carrying the other's nonce
    // (agents that echo the prompt make this visible).
    const foreign = updates.filter(
      (update) => updateSessionId(update) !== first && updateSessionId(update) !== second,
    );
    if (foreign.length > 0) {
      context.check({
        requirement: "agent.session-matching.updates-carry-session-id",
        verdict: "fail",
        message: `${foreign.length} updates during two concurrent turns named session ${JSON.stringify(updateSessionId(foreign[0]!))}, neither of the two prompted`,
        evidence: { transcript: excerptAround(agent.transcript, foreign[0]!.seq) },
      });
    }
    // Only turn content is a turn's output: a title or usage update may name either session at any time.
    const crossed = updates.filter((update) => {
      if (!isTurnContent(update)) return false;
      const sessionId = updateSessionId(update);
      if (sessionId !== first && sessionId !== second) return false;
      const otherNonce = nonces.get(sessionId === first ? second : first)!;
      return updateText(update).includes(otherNonce);
    });
    if (crossed.length > 0) {
      const example = crossed[0]!;
      context.check({
        requirement: "agent.session-matching.concurrent-sessions-isolated",
        verdict: "fail",
        message: `${crossed.length} of ${updates.length} updates during two concurrent turns went to the other session (first: sessionId ${JSON.stringify(updateSessionId(example))} carrying ${updateText(example).slice(0, 120)})`,
        evidence: {
          transcript: excerptBetween(agent.transcript, fromSeq, example.seq + 2),
          details: { sessions: Object.fromEntries(nonces) },
        },
      });
      return;
    }
    const echoed = updates.some((update) =>
      [...nonces.values()].some((nonce) => updateText(update).includes(nonce)),
    );
    const how = echoed
      ? "nonce echo confirmed"
      : "the agent does not echo prompts, so only session ids could be compared";
    const neither = foreign.length > 0 ? `; ${foreign.length} named neither session` : "";
    context.check({
      requirement: "agent.session-matching.concurrent-sessions-isolated",
      verdict: "pass",
      message: `none of ${updates.length} updates during two concurrent turns went to the other session (${how})${neither}`,
    });
  },
};
