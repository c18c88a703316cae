/**
 * A bounded NDJSON framer over raw bytes.
 *
 * Peers under test write whatever they like to stdout: banners, pretty-printed JSON, invalid
 * UTF-8, a gigabyte without a newline. The framer turns that byte stream into line items and
 * flags every hygiene problem instead of throwing, and it never holds more than `maxLineBytes`
 * of one line in memory: past the limit it keeps a short head for evidence and only counts.
 */

import { isUtf8 } from "node:buffer";

/** One framed item. Every byte the peer wrote ends up in exactly one item. */
export type FramedItem =
  | {
      kind: "line";
      /** The line decoded as UTF-8, without its line ending. */
      text: string;
      byteLength: number;
      /** The line ended in `\r\n` rather than a bare `\n`. */
      crlf: boolean;
      /** False only for a trailing line that the stream ended without a newline. */
      terminated: boolean;
    }
  | { kind: "blank"; crlf: boolean; byteLength: number }
  | {
      kind: "invalid-utf8";
      /** The raw bytes of the line (bounded by maxLineBytes). */
      bytes: Buffer;
      byteLength: number;
      /** Offset of the first byte that is not valid UTF-8. */
      firstBadByte: number;
      terminated: boolean;
    }
  | {
      kind: "oversize";
      /** Total length of the line in bytes (what was seen, if the stream ended first). */
      byteLength: number;
      /** The first bytes of the line, for evidence. */
      head: Buffer;
      terminated: boolean;
    };

export interface FramerOptions {
  /** Longest line kept in memory; longer lines are reported as `oversize` and discarded. */
  maxLineBytes: number;
  /** How many leading bytes of an oversize line to keep as evidence. */
  oversizeHeadBytes?: number;
}

const NEWLINE = 0x0a;
/**
 * Decodes bytes already validated by isUtf8, keeping a BOM as a character, as the peer sent it.
 * Always called with `stream: true`: on Node 20 that is the fast (simdutf) path when ignoreBOM
 * is set, three times faster than a plain call; the input is whole lines of valid UTF-8, so no
 * partial character is ever carried over to the next call.
 */
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });
const decodeValidUtf8 = (bytes: Uint8Array): string => UTF8.decode(bytes, { stream: true });
const CARRIAGE_RETURN = 0x0d;

export class NdjsonFramer {
  readonly #maxLineBytes: number;
  readonly #headBytes: number;
  #pieces: Buffer[] = [];
  #pendingBytes = 0;
  /** Set while discarding the rest of an oversize line. */
  #oversize: { head: Buffer; byteLength: number } | undefined;

  constructor(options: FramerOptions) {
    if (!(options.maxLineBytes > 0)) throw new RangeError("maxLineBytes must be positive");
    this.#maxLineBytes = options.maxLineBytes;
    this.#headBytes = options.oversizeHeadBytes ?? 512;
  }

  /** Bytes of the current unterminated line that are held in memory. */
  get bufferedBytes(): number {
    return this.#pendingBytes;
  }

  /** Feeds one chunk as read from the stream; returns the items it completed. */
  push(chunk: Uint8Array): FramedItem[] {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const items: FramedItem[] = [];
    let start = 0;
    let newline = bytes.indexOf(NEWLINE);
    // A line begun in an earlier chunk ends here (or not): finish it from the held pieces.
    if (this.#pendingBytes > 0 || this.#oversize !== undefined) {
      if (newline === -1) {
        this.#append(bytes);
        return items;
      }
      this.#append(bytes.subarray(0, newline));
      items.push(this.#finishLine(true));
      start = newline + 1;
      newline = bytes.indexOf(NEWLINE, start);
    }
    // The lines that lie whole in this chunk: one validation and one decode for all of them
    // (decoding line by line costs twice as much), then split on the newlines already found.
    const ends: number[] = [];
    for (; newline !== -1; newline = bytes.indexOf(NEWLINE, newline + 1)) ends.push(newline);
    if (ends.length > 0) {
      const region = bytes.subarray(start, ends.at(-1));
      if (isUtf8(region)) this.#wholeLines(region, ends, start, items);
      else {
        // Some line is not valid UTF-8: take the lines one by one to say which.
        for (const end of ends) {
          const line = bytes.subarray(start, end);
          items.push(
            line.length > this.#maxLineBytes
              ? {
                  kind: "oversize",
                  byteLength: line.length,
                  head: Buffer.from(line.subarray(0, this.#headBytes)),
                  terminated: true,
                }
              : this.#lineItem(line, true, false),
          );
          start = end + 1;
        }
      }
      start = ends.at(-1)! + 1;
    }
    if (start < bytes.length) this.#append(bytes.subarray(start));
    return items;
  }

  /** Items for whole lines of valid UTF-8 (`region` runs from the first line's start to the last newline). */
  #wholeLines(region: Buffer, ends: readonly number[], regionStart: number, items: FramedItem[]): void {
    const texts = decodeValidUtf8(region).split("\n");
    let start = regionStart;
    for (const [index, end] of ends.entries()) {
      const byteLength = end - start;
      const offset = start - regionStart;
      start = end + 1;
      if (byteLength > this.#maxLineBytes) {
        // Over the limit even though it arrived in one read: report it as the held path would.
        items.push({
          kind: "oversize",
          byteLength,
          head: Buffer.from(region.subarray(offset, offset + Math.min(byteLength, this.#headBytes))),
          terminated: true,
        });
        continue;
      }
      let text = texts[index]!;
      const crlf = text.endsWith("\r");
      if (crlf) text = text.slice(0, -1);
      items.push(
        text.length === 0
          ? { kind: "blank", crlf, byteLength }
          : { kind: "line", text, byteLength, crlf, terminated: true },
      );
    }
  }

  /** Call when the stream ends: returns the trailing unterminated line, if any. */
  end(): FramedItem[] {
    if (this.#pendingBytes === 0 && this.#oversize === undefined) return [];
    return [this.#finishLine(false)];
  }

  #append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#oversize) {
      this.#oversize.byteLength += piece.length;
      // The head is the line's first bytes however the line arrived.
      const missing = this.#headBytes - this.#oversize.head.length;
      if (missing > 0) this.#oversize.head = Buffer.concat([this.#oversize.head, piece.subarray(0, missing)]);
      return;
    }
    if (this.#pendingBytes + piece.length > this.#maxLineBytes) {
      // Keep only the head as evidence; never copy the whole held line again.
      const head: Buffer[] = [];
      let headLength = 0;
      for (const held of [...this.#pieces, piece]) {
        if (headLength >= this.#headBytes) break;
        const part = held.subarray(0, this.#headBytes - headLength);
        head.push(part);
        headLength += part.length;
      }
      this.#oversize = {
        head: Buffer.concat(head, headLength),
        byteLength: this.#pendingBytes + piece.length,
      };
      this.#pieces = [];
      this.#pendingBytes = 0;
      return;
    }
    // Copy: callers may reuse their chunk buffers, and a subarray would pin the whole chunk.
    this.#pieces.push(Buffer.from(piece));
    this.#pendingBytes += piece.length;
  }

  #finishLine(terminated: boolean): FramedItem {
    if (this.#oversize) {
      const { head, byteLength } = this.#oversize;
      this.#oversize = undefined;
      return { kind: "oversize", byteLength, head, terminated };
    }
    const line =
      this.#pieces.length === 1 ? this.#pieces[0]! : Buffer.concat(this.#pieces, this.#pendingBytes);
    this.#pieces = [];
    this.#pendingBytes = 0;
    return this.#lineItem(line, terminated, true);
  }

  /** One line's item. `owned`: the bytes are the framer's own copy (else a view of the caller's chunk, copied if kept). */
  #lineItem(bytes: Buffer, terminated: boolean, owned: boolean): FramedItem {
    let line = bytes;
    const byteLength = line.length;
    const crlf = terminated && line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN;
    if (crlf) line = line.subarray(0, line.length - 1);
    if (line.length === 0) return { kind: "blank", crlf, byteLength };
    // isUtf8 validates in native code; a non-fatal TextDecoder then decodes faster than toString.
    if (isUtf8(line)) return { kind: "line", text: decodeValidUtf8(line), byteLength, crlf, terminated };
    const kept = owned ? line : Buffer.from(line);
    return {
      kind: "invalid-utf8",
      bytes: kept,
      byteLength,
      firstBadByte: firstInvalidUtf8Byte(kept),
      terminated,
    };
  }
}

/** Offset where the first invalid UTF-8 sequence starts; used only for evidence. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  // Binary search for the longest prefix that is valid UTF-8 when a character cut off at the
  // end is allowed (stream: true); that property is monotone in the prefix length.
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  // When the prefix ends inside an unfinished character, that character is where things break:
  // step back to its lead byte.
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, low));
    return low;
  } catch {
    // ends inside a character
  }
  for (let back = 1; back <= 3 && low - back >= 0; back++) {
    const byte = bytes[low - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) return low - back;
    break;
  }
  return low;
}
