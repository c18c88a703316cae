/**
 * session-matching without relying on echoes: session A runs a long turn while session B runs a
 * short one. Once B's turn has ended and the agent has settled, B has no turn, so nothing may be
 * addressed to it; while A still streams, any update naming B is A's output sent to the wrong
 * session. This catches a shared "current session" even in an agent whose answers never repeat
 * the prompt (the nonce check of the concurrent-turns scenario needs an echo).
 *
 * Only turn content (chunks, tool calls, plans) is a turn's output: a session-level update (a
 * title, usage, commands) may name the idle session at any time. The watch is a count of the
 * long turn's content updates, not a span of time, so what it judges does not depend on how fast
 * the machine is.
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptBetween } from "./evidence.js";
import { isSessionUpdate, updateSessionId } from "./session-updates.js";
import { isTurnContent } from "./prompt.js";

/** How long to wait for the long turn's first update before starting the short one anyway. */
const FIRST_UPDATE_WAIT_MS = 1_000;
/** How many turn-content updates to watch once the short turn has ended and settled. */
const WATCHED_UPDATES = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const longAndShortTurnsScenario: Scenario = {
  id: "agent.session-matching.long-and-short-turns",
  title: "a short turn in one session while another session runs a long turn",
  mode: "agent",
  requirements: ["agent.session-matching.concurrent-sessions-isolated"],
  needs: ["prompt", "cancel-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const [long, short] = [await agent.newSession(), await agent.newSession()];
    const { timeoutMs, prompts } = context.options;
    let sawUpdate: () => void = () => {};
    const firstUpdate = new Promise<void>((resolve) => (sawUpdate = resolve));
    const longTurn = agent.prompt(long, prompts.cancelPrompt!, {
      waitMs: timeoutMs * 2 + 5_000,
      onUpdate: () => sawUpdate(),
    });
    const longRequest = agent.connection.sent.at(-1)!;
    agent.ownDeadline.add(longRequest);
    await Promise.race([firstUpdate, sleep(FIRST_UPDATE_WAIT_MS), longTurn]);
    const shortTurn = await agent.prompt(short, prompts.prompt!);
    agent.ownDeadline.add(shortTurn.request);
    await agent.settle(); // B's own late output, if any, is not what this scenario judges
    const watchFrom = agent.transcript.nextSeq;
    let seen = 0;
    const last = await agent.connection.waitFor(
      (incoming) => isSessionUpdate(incoming) && isTurnContent(incoming) && ++seen === WATCHED_UPDATES,
      { timeoutMs, fromSeq: watchFrom, until: () => longRequest.answeredAtMs !== undefined },
    );
    const watchedWhileRunning = last !== undefined;
    const watchTo = last ? last.seq + 1 : watchFrom;
    await agent.connection.notify("session/cancel", { sessionId: long });
    const ended = await longTurn;

    if (shortTurn.outcome.kind !== "response" || !watchedWhileRunning) {
      context.check({
        requirement: "agent.session-matching.concurrent-sessions-isolated",
        verdict: "not-tested",
        message:
          shortTurn.outcome.kind !== "response"
            ? `not exercised: the short turn did not finish (${describeOutcome(shortTurn.outcome)})`
            : `not exercised: the long turn ended (${describeOutcome(ended.outcome)}), or sent no ${WATCHED_UPDATES} content updates within --timeout, after the short one had ended; use a --cancel-prompt that keeps the agent busy longer`,
      });
      return;
    }
    const watched = agent.connection.received.filter(
      (incoming) =>
        incoming.seq >= watchFrom &&
        incoming.seq < watchTo &&
        isSessionUpdate(incoming) &&
        isTurnContent(incoming),
    );
    const crossed = watched.filter((update) => updateSessionId(update) === short);
    if (crossed.length > 0) {
      context.check({
        requirement: "agent.session-matching.concurrent-sessions-isolated",
        verdict: "fail",
        message: `${crossed.length} of ${watched.length} content updates (chunks, tool calls, plans) named session ${short} after its turn had ended, while only session ${long} had a turn running: the long turn's output went to the other session`,
        evidence: { transcript: excerptBetween(agent.transcript, watchFrom - 1, crossed[0]!.seq + 2) },
      });
      return;
    }
    const own = watched.filter((update) => updateSessionId(update) === long).length;
    context.check({
      requirement: "agent.session-matching.concurrent-sessions-isolated",
      verdict: "pass",
      message: `after the short turn ended, none of the ${watched.length} content updates the kit watched named it; ${own} named the still-running long turn's session`,
    });
  },
};
