/**
 * Answers that came but could not be paired with their request: a response pretty-printed
 * over several lines (each line on its own is not JSON), or one whose id the kit never sent.
 * Knowing that the answer came tells a scenario to stop waiting for it, and to leave the
 * failure to the requirement actually broken (one JSON-RPC message per line, ids echoed)
 * instead of reporting its own requirement as unanswered.
 */
import type { FramedItem } from "./framer.js";
import type { FrameProblem, IncomingMessage, SentRequest } from "./frame-inspector.js";
import { idKey, type JsonRpcId } from "./jsonrpc.js";

export interface UnmatchedAnswer {
  kind: "spread-over-lines" | "wrong-id";
  /** Transcript seq of the (first) line of the answer. */
  seq: number;
  detail: string;
}

/** How many of a run's latest possible frame starts are tried: a real frame has one; garbage may have many. */
const MAX_STARTS = 4;

/** How much of a run of unparseable lines is kept to try them joined (a pretty-printed frame). */
const MAX_RUN_BYTES = 1024 * 1024;

export class UnmatchedAnswers {
  readonly #byRequest = new Map<string, UnmatchedAnswer>();
  #run: Array<{ seq: number; text: string }> = [];
  /** Where in the run a line opens at its first column: where a pretty-printed frame may start. */
  #starts: number[] = [];
  #runBytes = 0;

  /**
   * Every item read, as the connection saw it: `incoming` is the message it gave (none for a
   * line that is not one), `problem` the inspector's latest, `sent` the kit's requests.
   */
  observe(
    seq: number,
    item: FramedItem,
    incoming: IncomingMessage | undefined,
    problem: FrameProblem | undefined,
    sent: readonly SentRequest[],
  ): void {
    if (!incoming) {
      if (item.kind === "line") this.noteUnparsedLine(seq, item.text);
      return;
    }
    this.endRun();
    if (problem?.seq !== incoming.seq || problem.kind !== "unsolicited-response") return;
    // Taken as the answer to the last request still waiting when it came that has none yet: each
    // unpaired answer ends one wait, so three requests written in one write and answered under
    // three wrong ids end all three, however the frames came.
    const waiting = sent
      .filter(
        (request) =>
          request.answeredAtMs === undefined && request.seq < seq && !this.#byRequest.has(idKey(request.id)),
      )
      .at(-1);
    const id = incoming.message.kind === "response" ? incoming.message.id : undefined;
    if (waiting) this.noteWrongId(waiting.id, seq, id);
  }

  /** A line that gave no message: it may be one line of a frame spread over several. */
  noteUnparsedLine(seq: number, text: string): void {
    this.#runBytes += text.length;
    if (this.#runBytes > MAX_RUN_BYTES) this.endRun();
    // A pretty-printed frame opens with "{" and closes with "}" at the start of a line (nested
    // ones are indented): only such a line is worth trying the run joined from such a start,
    // which keeps a long run of log lines, or a large frame, from costing more than a parse or two.
    if (/^[{[]/.test(text)) this.#starts = [...this.#starts, this.#run.length].slice(-MAX_STARTS);
    this.#run.push({ seq, text });
    if (!/^[}\]]/.test(text)) return;
    for (const start of this.#starts) {
      const joined = this.#run
        .slice(start)
        .map((line) => line.text)
        .join("\n");
      const value = parseOrUndefined(joined);
      if (!isResponse(value)) continue;
      const lines = this.#run.length - start;
      this.#byRequest.set(idKey(value.id), {
        kind: "spread-over-lines",
        seq: this.#run[start]!.seq,
        detail: `its answer came pretty-printed over ${lines} lines, which is no JSON-RPC message on stdio`,
      });
      this.endRun();
      return;
    }
  }

  /** A line that was a message: any run of unparseable lines ends here. */
  endRun(): void {
    this.#run = [];
    this.#starts = [];
    this.#runBytes = 0;
  }

  /** A response with an id the kit never sent, taken as the answer to `request` (see observe). */
  noteWrongId(requestId: JsonRpcId, seq: number, id: unknown): void {
    if (this.#byRequest.has(idKey(requestId))) return;
    this.#byRequest.set(idKey(requestId), {
      kind: "wrong-id",
      seq,
      detail: `a response came with id ${JSON.stringify(id)}, which the kit never sent, while this request was the one waiting`,
    });
  }

  for(requestId: JsonRpcId): UnmatchedAnswer | undefined {
    return this.#byRequest.get(idKey(requestId));
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isResponse(value: unknown): value is { id: JsonRpcId } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const frame = value as Record<string, unknown>;
  return (
    (typeof frame.id === "string" || typeof frame.id === "number") && ("result" in frame || "error" in frame)
  );
}
