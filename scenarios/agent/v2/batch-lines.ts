/**
 * What the agent wrote back to one JSON-RPC batch line: the lines after it, parsed, with the
 * response objects they hold (an array line's entries, or a single line's object). The kit's
 * connection keeps v1's reading, where an array is not a message, so the batch scenario reads
 * the transcript itself and claims the array lines it judged (batches.ts).
 */
import type { Transcript } from "../../../kit/wire/transcript.js";
import { sleep } from "../../../kit/time.js";

export interface AgentLine {
  seq: number;
  /** The parsed line: an array (a batch answer) or an object. */
  value: unknown;
}

export type ResponseObject = { id?: unknown; result?: unknown; error?: { code?: unknown } };

/** The agent's parsed lines after `fromSeq` (unparsable ones are framing's findings, not the batch's). */
export function agentLinesAfter(transcript: Transcript, fromSeq: number): AgentLine[] {
  return transcript.entries.flatMap((entry) => {
    if (entry.direction !== "received" || entry.seq <= fromSeq || entry.text === undefined) return [];
    try {
      return [{ seq: entry.seq, value: JSON.parse(entry.text) as unknown }];
    } catch {
      return [];
    }
  });
}

function isResponse(value: unknown): value is ResponseObject {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !("method" in value) &&
    ("result" in value || "error" in value)
  );
}

/** Every response object in `lines`, with the line it came on and whether that line was an array. */
export function responsesIn(
  lines: readonly AgentLine[],
): Array<ResponseObject & { seq: number; inArray: boolean }> {
  return lines.flatMap((line) => {
    const values = Array.isArray(line.value) ? line.value : [line.value];
    return values
      .filter(isResponse)
      .map((value) => ({ ...value, seq: line.seq, inArray: Array.isArray(line.value) }));
  });
}

/** Polls until `done` holds for the agent's lines after `fromSeq`, or `waitMs` passes; returns them. */
export async function waitForLines(
  transcript: Transcript,
  fromSeq: number,
  done: (lines: AgentLine[]) => boolean,
  waitMs: number,
): Promise<AgentLine[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const lines = agentLinesAfter(transcript, fromSeq);
    if (done(lines) || Date.now() >= deadline) return lines;
    await sleep(25);
  }
}

export const isInvalidRequestWithNullId = (response: ResponseObject): boolean =>
  response.id === null && response.error?.code === -32600;
