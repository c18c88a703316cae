/**
 * session-matching without relying on echoes: session A runs a long turn while session B runs a
 * short one. Once B's turn has ended and the agent has settled, B has no turn, so nothing may be
 * addressed to it; while A still streams, any update naming B is A's output sent to the wrong
 * session. This catches a shared "current session" even in an agent whose answers never repeat
 * the prompt (the nonce check of the concurrent-turns scenario needs an echo).
 */
import type { Scenario } from "../../kit/scenario.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptBetween } from "./evidence.js";
import { isSessionUpdate, updateSessionId } from "./session-updates.js";

/** How long to wait for the long turn's first update before starting the short one anyway. */
const FIRST_UPDATE_WAIT_MS = 1_000;
/** How long to watch the long turn stream once the short one has ended and settled. */
const WATCH_MS = 600;

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
    await Promise.race([sleep(WATCH_MS), longTurn]);
    const watchedWhileRunning = longRequest.answeredAtMs === undefined;
    const watchTo = agent.transcript.nextSeq;
    await agent.connection.notify("session/cancel", { sessionId: long });
    const ended = await longTurn;

    if (shortTurn.outcome.kind !== "response" || !watchedWhileRunning) {
      context.check({
        requirement: "agent.session-matching.concurrent-sessions-isolated",
        verdict: "not-tested",
        message:
          shortTurn.outcome.kind !== "response"
            ? `not exercised: the short turn did not finish (${describeOutcome(shortTurn.outcome)})`
            : `not exercised: the long turn ended (${describeOutcome(ended.outcome)}) before the short one had; use a --cancel-prompt that keeps the agent busy longer`,
      });
      return;
    }
    const watched = agent.connection.received.filter(
      (incoming) => incoming.seq >= watchFrom && incoming.seq < watchTo && isSessionUpdate(incoming),
    );
    const crossed = watched.filter((update) => updateSessionId(update) === short);
    if (crossed.length > 0) {
      context.check({
        requirement: "agent.session-matching.concurrent-sessions-isolated",
        verdict: "fail",
        message: `${crossed.length} session/update notifications named session ${short} after its turn had ended, while only session ${long} had a turn running: the long turn's output went to the other session`,
        evidence: { transcript: excerptBetween(agent.transcript, watchFrom - 1, crossed[0]!.seq + 2) },
      });
      return;
    }
    const own = watched.filter((update) => updateSessionId(update) === long).length;
    context.check(
      own > 0
        ? {
            requirement: "agent.session-matching.concurrent-sessions-isolated",
            verdict: "pass",
            message: `after the short turn ended, all ${own} updates of the still-running long turn named its own session`,
          }
        : {
            requirement: "agent.session-matching.concurrent-sessions-isolated",
            verdict: "not-tested",
            message: `not exercised: the long turn sent no update in the ${WATCH_MS} ms the kit watched it`,
          },
    );
  },
};
