/**
 * prompt: one ordinary turn. It ends with one result carrying a stop reason, its updates name
 * its session, and no turn content follows the response.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { AgentUnderTest, type Turn } from "./driver.js";
import { updateKind, updateSessionId } from "./session-updates.js";
import { describeOutcome, excerptAround, excerptBetween } from "./evidence.js";

/** Update kinds that are turn content. State updates (commands, modes, usage...) may come at any time. */
export const TURN_CONTENT_KINDS = new Set([
  "user_message_chunk",
  "agent_message_chunk",
  "agent_thought_chunk",
  "tool_call",
  "tool_call_update",
  "plan",
]);

export function isTurnContent(update: IncomingMessage): boolean {
  return TURN_CONTENT_KINDS.has(updateKind(update) ?? "");
}

/** Records agent.session-matching.updates-carry-session-id for one single-session turn. */
export function checkUpdatesCarrySessionId(agent: AgentUnderTest, turn: Turn): void {
  const foreign = turn.updates.filter((update) => updateSessionId(update) !== turn.sessionId);
  if (foreign.length > 0) {
    agent.context.check({
      requirement: "agent.session-matching.updates-carry-session-id",
      verdict: "fail",
      message: `${foreign.length} of ${turn.updates.length} updates during the turn named session ${JSON.stringify(updateSessionId(foreign[0]!))}, not the prompted ${turn.sessionId}`,
      evidence: { transcript: excerptAround(agent.transcript, foreign[0]!.seq) },
    });
    return;
  }
  if (turn.updates.length > 0) {
    agent.context.check({
      requirement: "agent.session-matching.updates-carry-session-id",
      verdict: "pass",
      message: `all ${turn.updates.length} updates during the turn named the prompted session`,
    });
  }
}

export const plainTurnScenario: Scenario = {
  id: "agent.prompt.plain-turn",
  title: "one ordinary prompt turn",
  mode: "agent",
  requirements: [
    "agent.prompt.answered-with-stop-reason",
    "agent.prompt.no-content-after-response",
    "agent.session-matching.updates-carry-session-id",
    // Recorded by the generic checks, but only turns give an agent a reason to call the client.
    "agent.capabilities.no-fs-unadvertised",
    "agent.capabilities.no-terminal-unadvertised",
    // Recorded over every turn (update-stream-checks.ts); a turn is what they need to see.
    "agent.prompt.message-ids-consistent",
    "agent.prompt.usage-currency-code",
    "agent.prompt.cancelled-only-when-cancelled",
  ],
  needs: ["prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turn = await agent.prompt(sessionId, context.options.prompts.prompt!);
    checkUpdatesCarrySessionId(agent, turn);
    const { outcome } = turn;
    const stopReason =
      outcome.kind === "response" && !outcome.error
        ? (outcome.result as { stopReason?: unknown } | undefined)?.stopReason
        : undefined;
    if (typeof stopReason !== "string") {
      context.check({
        requirement: "agent.prompt.answered-with-stop-reason",
        verdict: "fail",
        message: `the turn must end with a result carrying a stopReason; got ${describeOutcome(outcome)}`,
        evidence: {
          transcript: excerptAround(agent.transcript, turn.endSeq),
          stderrTail: agent.target.stderrTail(),
        },
      });
      return;
    }
    context.check({
      requirement: "agent.prompt.answered-with-stop-reason",
      verdict: "pass",
      message: `the turn ended with stopReason ${stopReason} after ${turn.updates.length} updates`,
    });
    const late = (await agent.updatesAfter(turn.endSeq, sessionId)).filter(isTurnContent);
    if (late.length > 0) {
      context.check({
        requirement: "agent.prompt.no-content-after-response",
        verdict: "fail",
        message: `${late.length} turn updates (${updateKind(late[0]!)} first) arrived after the prompt's response`,
        evidence: { transcript: excerptBetween(agent.transcript, turn.endSeq, late.at(-1)!.seq) },
      });
      return;
    }
    context.check({
      requirement: "agent.prompt.no-content-after-response",
      verdict: "pass",
      message: "no turn content after the response (watched until the agent had answered a later request)",
    });
  },
};
