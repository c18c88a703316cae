/** Small helpers that turn what the driver saw into report evidence and one-line messages. */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { RequestOutcome } from "../../kit/wire/connection.js";
import type { UnmatchedAnswer } from "../../kit/wire/unmatched-answers.js";
import type { Transcript } from "../../kit/wire/transcript.js";
import type { TranscriptLine } from "../../kit/report/report-types.js";

/** Transcript lines around `seq`: a few before for context, a few after for what followed. */
export function excerptAround(transcript: Transcript, seq: number, before = 6, after = 6): TranscriptLine[] {
  return transcript.excerpt({
    fromSeq: Math.max(0, seq - before),
    toSeq: seq + after,
    limit: before + after + 1,
  });
}

/** Transcript lines from `fromSeq` to `toSeq` (the last `limit` of them). */
export function excerptBetween(
  transcript: Transcript,
  fromSeq: number,
  toSeq: number,
  limit = 24,
): TranscriptLine[] {
  return transcript.excerpt({ fromSeq, toSeq, limit });
}

/** The requirement an answer that came but could not be paired breaks, so a report points at the cause. */
const UNMATCHED_CAUSE: Record<UnmatchedAnswer["kind"], RequirementId> = {
  "spread-over-lines": "agent.framing.stdout-only-jsonrpc",
  "wrong-id": "agent.jsonrpc.one-response-per-request",
};

export function describeOutcome(outcome: RequestOutcome): string {
  if (outcome.kind === "no-response") {
    if (outcome.reason === "unmatched" && outcome.unmatched)
      return `${outcome.unmatched.detail} (see ${UNMATCHED_CAUSE[outcome.unmatched.kind]})`;
    if (outcome.reason === "exited") return "the agent exited without answering";
    if (outcome.reason === "write-failed")
      return "the kit could not write the request (the agent stopped reading or closed stdin)";
    return `no answer within ${Math.round(outcome.waitedMs)} ms`;
  }
  if (outcome.error) return `error ${outcome.error.code}: ${outcome.error.message}`;
  return `result ${truncate(JSON.stringify(outcome.result) ?? "undefined", 200)}`;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
