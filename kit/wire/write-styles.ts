/**
 * How the kit puts one frame on the wire. Real peers meet all of these from real pipes;
 * the kit produces them on purpose to check the target's framing.
 */
import { sleep } from "../time.js";
import type { TargetProcess, WriteOutcome } from "../process/target.js";
import type { Transcript } from "./transcript.js";

export type WriteStyle =
  /** The frame and its newline in one write. */
  | { kind: "whole" }
  /** The frame cut into `pieces` writes with `delayMs` between them (cuts may fall inside a UTF-8 character). */
  | { kind: "split"; pieces: number; delayMs: number }
  /** The frame ended with CRLF instead of LF. */
  | { kind: "crlf" }
  /** The frame and its newline cut at these byte offsets, with delaysMs[i] before piece i + 1 (property-based scenarios). */
  | { kind: "cuts"; cuts: readonly number[]; delaysMs: readonly number[] };

/** Cut points that spread `length` bytes over `pieces` writes; every piece is at least one byte. */
export function splitIntoChunks(bytes: Buffer, pieces: number): Buffer[] {
  const count = Math.max(1, Math.min(pieces, bytes.length));
  const chunks: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    const start = Math.floor((index * bytes.length) / count);
    const end = Math.floor(((index + 1) * bytes.length) / count);
    chunks.push(bytes.subarray(start, end));
  }
  return chunks;
}

/** The pieces of `bytes` cut at sorted offsets; offsets outside the bytes are ignored. */
export function splitAtCuts(bytes: Uint8Array, cuts: readonly number[]): Buffer[] {
  bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const cut of cuts) {
    if (cut <= start || cut >= bytes.length) continue;
    pieces.push((bytes as Buffer).subarray(start, cut));
    start = cut;
  }
  pieces.push((bytes as Buffer).subarray(start));
  return pieces;
}

export async function writeFrame(
  target: TargetProcess,
  transcript: Transcript,
  frame: string | Buffer,
  style: WriteStyle,
  timeoutMs: number,
  flags: string[] = [],
): Promise<WriteOutcome> {
  const ending = style.kind === "crlf" ? "\r\n" : "\n";
  const bytes = Buffer.concat([
    typeof frame === "string" ? Buffer.from(frame, "utf8") : frame,
    Buffer.from(ending),
  ]);
  const styleFlags =
    style.kind === "split"
      ? [`split:${style.pieces}x${style.delayMs}ms`]
      : style.kind === "crlf"
        ? ["crlf"]
        : style.kind === "cuts"
          ? [`cuts:${style.cuts.join(",")}`]
          : [];
  if (typeof frame === "string")
    transcript.record("sent", { text: frame, byteLength: bytes.length, flags: [...styleFlags, ...flags] });
  else
    transcript.record("sent", { bytes: frame, byteLength: bytes.length, flags: [...styleFlags, ...flags] });
  if (style.kind !== "split" && style.kind !== "cuts") return target.write(bytes, timeoutMs);
  const chunks =
    style.kind === "split" ? splitIntoChunks(bytes, style.pieces) : splitAtCuts(bytes, style.cuts);
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0) await sleep(style.kind === "split" ? style.delayMs : (style.delaysMs[index - 1] ?? 0));
    const outcome = await target.write(chunk, timeoutMs);
    if (outcome !== "written") return outcome;
  }
  return "written";
}
