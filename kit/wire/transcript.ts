/**
 * A timestamped record of everything that crossed the wire in one scenario: frames in both
 * directions (kept whole, as written, including deliberately broken ones) plus stderr.
 *
 * It is lossless up to two stated bounds, so that a gigabyte flood cannot exhaust the kit:
 * a received line longer than the framer's limit is kept as its head and its length, and
 * stderr is kept up to `maxStderrBytes` (the rest is counted in a note).
 */
import { performance } from "node:perf_hooks";

export type Direction = "sent" | "received" | "stderr" | "note";

export interface TranscriptEntry {
  seq: number;
  /** Milliseconds since the transcript started. */
  atMs: number;
  direction: Direction;
  /** The bytes as text, when they are valid UTF-8. */
  text?: string;
  /** The bytes as base64, when they are not valid UTF-8 (or were cut short). */
  base64?: string;
  byteLength: number;
  /** Hygiene and fault labels: "crlf", "blank", "invalid-utf8", "oversize", "split:5", ... */
  flags?: string[];
}

/** What an excerpt shows of one entry; long texts are cut with a marker saying how much. */
export interface ExcerptEntry {
  t: number;
  dir: Direction;
  text: string;
  flags?: string[];
}

export interface TranscriptOptions {
  maxStderrBytes?: number;
}

export class Transcript {
  readonly entries: TranscriptEntry[] = [];
  readonly #startedAt = performance.now();
  readonly #maxStderrBytes: number;
  #stderrBytes = 0;
  #stderrDroppedBytes = 0;

  constructor(options: TranscriptOptions = {}) {
    this.#maxStderrBytes = options.maxStderrBytes ?? 1024 * 1024;
  }

  get elapsedMs(): number {
    return performance.now() - this.#startedAt;
  }

  get nextSeq(): number {
    return this.entries.length;
  }

  record(
    direction: Exclude<Direction, "stderr" | "note">,
    data: { text?: string; bytes?: Uint8Array; byteLength: number; flags?: string[] },
  ): TranscriptEntry {
    const entry: TranscriptEntry = {
      seq: this.entries.length,
      atMs: round(this.elapsedMs),
      direction,
      byteLength: data.byteLength,
    };
    if (data.text !== undefined) entry.text = data.text;
    else if (data.bytes !== undefined) entry.base64 = Buffer.from(data.bytes).toString("base64");
    if (data.flags && data.flags.length > 0) entry.flags = data.flags;
    this.entries.push(entry);
    return entry;
  }

  recordStderr(chunk: Uint8Array): void {
    const room = this.#maxStderrBytes - this.#stderrBytes;
    if (room <= 0) {
      this.#stderrDroppedBytes += chunk.length;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#stderrBytes += kept.length;
    this.#stderrDroppedBytes += chunk.length - kept.length;
    const entry: TranscriptEntry = {
      seq: this.entries.length,
      atMs: round(this.elapsedMs),
      direction: "stderr",
      byteLength: kept.length,
    };
    entry.text = Buffer.from(kept).toString("utf8");
    this.entries.push(entry);
  }

  note(text: string): TranscriptEntry {
    const entry: TranscriptEntry = {
      seq: this.entries.length,
      atMs: round(this.elapsedMs),
      direction: "note",
      text,
      byteLength: 0,
    };
    this.entries.push(entry);
    return entry;
  }

  /** Call once the target is gone, so the transcript says how much stderr it did not keep. */
  finish(): void {
    if (this.#stderrDroppedBytes > 0)
      this.note(
        `stderr beyond ${this.#maxStderrBytes} bytes was not kept: ${this.#stderrDroppedBytes} more bytes`,
      );
  }

  /** Entries in [fromSeq, toSeq], at most `limit` of them (the last ones), texts cut to `maxChars`. */
  excerpt(
    options: {
      fromSeq?: number;
      toSeq?: number;
      limit?: number;
      maxChars?: number;
      directions?: Direction[];
    } = {},
  ): ExcerptEntry[] {
    const { fromSeq = 0, toSeq = Number.POSITIVE_INFINITY, limit = 40, maxChars = 600, directions } = options;
    const chosen = this.entries.filter(
      (entry) =>
        entry.seq >= fromSeq && entry.seq <= toSeq && (!directions || directions.includes(entry.direction)),
    );
    return chosen.slice(-limit).map((entry) => toExcerpt(entry, maxChars));
  }
}

export function toExcerpt(entry: TranscriptEntry, maxChars = 600): ExcerptEntry {
  const raw =
    entry.text ??
    (entry.base64 !== undefined ? `<${entry.byteLength} bytes, not UTF-8; base64 ${entry.base64}>` : "");
  const excerpt: ExcerptEntry = { t: entry.atMs, dir: entry.direction, text: cut(raw, maxChars) };
  if (entry.flags) excerpt.flags = entry.flags;
  return excerpt;
}

export function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}… (${text.length - maxChars} more characters)`;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
