/**
 * How each v2 turn the kit ran ended, judged over every run (prompt-lifecycle.mdx): a turn the
 * kit never cancelled must not claim the client cancelled it, and a turn that ended end_turn must
 * not leave a tool it started still in_progress. Both are the kit's positions (the page says
 * neither with a keyword).
 */
import { excerptAround } from "../evidence.js";
import { sentFrames } from "../turn-windows.js";
import type { V2RunRecord } from "./v2-run-record.js";
import { updateOf, type V2Turn } from "./turn-updates.js";

/** The statuses that end a tool's run (paused: it stopped and waits to be resumed). */
const LATER = new Set(["completed", "failed", "cancelled", "paused"]);

const CANCELLING_METHODS = ["session/cancel", "session/close", "$/cancel_request"] as const;

function endedTurns(agent: V2RunRecord): V2Turn[] {
  return agent.turns.filter((turn) => turn.ack.kind === "response" && !turn.ack.error && turn.idle);
}

function stopReasonOf(turn: V2Turn): unknown {
  return turn.idle ? updateOf(turn.idle).stopReason : undefined;
}

export function recordTurnOutcomeChecks(agent: V2RunRecord): void {
  const turns = endedTurns(agent);
  if (turns.length === 0) return; // no turn ended: nothing to judge, and turn-checks.ts says why
  checkCancelledOnlyWhenCancelled(agent, turns);
  checkFinalToolStatus(agent, turns);
}

function checkCancelledOnlyWhenCancelled(agent: V2RunRecord, turns: V2Turn[]): void {
  const requirement = "agent.v2.prompt.cancelled-only-when-cancelled";
  const cancels = sentFrames(agent, CANCELLING_METHODS);
  // A cancel counts for a turn when it came after the session's previous turn ended (one sent
  // just before the prompt is still meant for it) and before the turn's idle.
  const previousEnd = (turn: V2Turn) =>
    Math.max(
      Number.NEGATIVE_INFINITY,
      ...agent.turns
        .filter((other) => other.sessionId === turn.sessionId && other.endSeq <= turn.request.seq)
        .map((other) => other.endSeq),
    );
  const uncancelled = turns.filter(
    (turn) =>
      !cancels.some(
        (frame) =>
          frame.seq < turn.endSeq &&
          frame.seq > previousEnd(turn) &&
          (frame.method === "$/cancel_request"
            ? frame.params.requestId === turn.request.id
            : frame.params.sessionId === turn.sessionId),
      ),
  );
  const falselyCancelled = uncancelled.find((turn) => stopReasonOf(turn) === "cancelled");
  if (falselyCancelled)
    agent.context.check({
      requirement,
      verdict: "fail",
      message: `the turn in session ${falselyCancelled.sessionId} ended idle with stopReason cancelled, but the kit never cancelled it (no session/cancel, $/cancel_request or session/close)`,
      evidence: { transcript: excerptAround(agent.transcript, falselyCancelled.idle!.seq) },
    });
  else if (uncancelled.length > 0)
    agent.context.check({
      requirement,
      verdict: "pass",
      message: `${uncancelled.length} turn(s) the kit did not cancel, none ended with stopReason cancelled`,
    });
}

function checkFinalToolStatus(agent: V2RunRecord, turns: V2Turn[]): void {
  const requirement = "agent.v2.prompt.final-tool-status";
  let judged = 0;
  for (const turn of turns.filter((each) => stopReasonOf(each) === "end_turn")) {
    const ofTool = (id: string) =>
      turn.updates.filter((incoming) => {
        const update = updateOf(incoming);
        return update.sessionUpdate === "tool_call_update" && update.toolCallId === id;
      });
    const started = new Set(
      turn.updates
        .map(updateOf)
        .filter((update) => update.sessionUpdate === "tool_call_update" && update.status === "in_progress")
        .map((update) => String(update.toolCallId)),
    );
    judged += started.size;
    // Any later status will do, before or after the in_progress: a tool that finished and was
    // reopened after it is tool-status-moves-forward's finding, not this one's.
    const unfinished = [...started].find(
      (id) => !ofTool(id).some((incoming) => LATER.has(String(updateOf(incoming).status))),
    );
    if (unfinished !== undefined) {
      agent.context.check({
        requirement,
        verdict: "fail",
        message: `the turn ended end_turn with tool call ${unfinished} still in_progress: no completed, failed, cancelled or paused status came for it before the idle state_update`,
        evidence: { transcript: excerptAround(agent.transcript, ofTool(unfinished).at(-1)!.seq) },
      });
      return;
    }
  }
  if (judged > 0)
    agent.context.check({
      requirement,
      verdict: "pass",
      message: `${judged} tool call(s) reported in_progress in turns that ended end_turn, each given a later status before idle`,
    });
}
