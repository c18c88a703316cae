import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkingsOf, splitAtCuts } from "../../scenarios/properties/index.js";
import { NdjsonFramer, firstInvalidUtf8Byte, type FramedItem } from "../../kit/wire/framer.js";

function frameAll(chunks: Buffer[], maxLineBytes = 1024): FramedItem[] {
  const framer = new NdjsonFramer({ maxLineBytes });
  return [...chunks.flatMap((chunk) => framer.push(chunk)), ...framer.end()];
}

const texts = (items: FramedItem[]) => items.map((item) => (item.kind === "line" ? item.text : item.kind));

describe("NdjsonFramer", () => {
  const stream = Buffer.from('{"a":1}\n{"b":"é😀"}\r\n\n{"c":3}\n');

  it("gives the same lines for every split point of the stream", () => {
    const whole = texts(frameAll([stream]));
    expect(whole).toEqual(['{"a":1}', '{"b":"é😀"}', "blank", '{"c":3}']);
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(texts(frameAll([stream.subarray(0, cut), stream.subarray(cut)]))).toEqual(whole);
    }
  });

  it("gives the same lines when every byte arrives in its own read", () => {
    expect(texts(frameAll([...stream].map((byte) => Buffer.from([byte]))))).toEqual(
      texts(frameAll([stream])),
    );
  });

  it("marks CRLF line ends and keeps the text without the CR", () => {
    const [, second] = frameAll([stream]);
    expect(second).toMatchObject({ kind: "line", text: '{"b":"é😀"}', crlf: true });
  });

  it("flags invalid UTF-8 with the offset of the first bad byte", () => {
    const items = frameAll([Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d, 0x0a])]);
    expect(items).toMatchObject([{ kind: "invalid-utf8", firstBadByte: 2, byteLength: 5 }]);
  });

  it("reports an oversize line with its full length and a bounded head, then carries on", () => {
    const framer = new NdjsonFramer({ maxLineBytes: 100, oversizeHeadBytes: 10 });
    const items: FramedItem[] = [];
    for (let i = 0; i < 50; i++) {
      items.push(...framer.push(Buffer.alloc(1000, "x")));
      expect(framer.bufferedBytes).toBeLessThanOrEqual(100);
    }
    items.push(...framer.push(Buffer.from('\n{"ok":true}\n')));
    expect(items).toMatchObject([
      { kind: "oversize", byteLength: 50_000, terminated: true },
      { kind: "line", text: '{"ok":true}' },
    ]);
    expect((items[0] as { head: Buffer }).head.length).toBe(10);
  });

  it("returns an unterminated trailing line at end of stream", () => {
    expect(frameAll([Buffer.from('{"a":1}\n{"b"')])).toMatchObject([
      { kind: "line", terminated: true },
      { kind: "line", text: '{"b"', terminated: false },
    ]);
  });

  it("never throws on random bytes, and accounts for every byte", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const bytes = Buffer.from(
        Array.from({ length: Math.floor(random() * 400) }, () => Math.floor(random() * 256)),
      );
      const cuts = [
        0,
        ...Array.from({ length: 5 }, () => Math.floor(random() * bytes.length)).sort((a, b) => a - b),
        bytes.length,
      ];
      const chunks = cuts.slice(1).map((end, index) => bytes.subarray(cuts[index], end));
      const items = frameAll(chunks, 64);
      const newlines = bytes.filter((byte) => byte === 10).length;
      const accounted = items.reduce((sum, item) => sum + item.byteLength, 0) + newlines;
      expect(accounted).toBe(bytes.length);
    }
  });
});

describe("firstInvalidUtf8Byte", () => {
  it("finds the first byte that breaks decoding", () => {
    expect(firstInvalidUtf8Byte(Buffer.from("abc"))).toBe(3);
    expect(firstInvalidUtf8Byte(Buffer.from([0x61, 0xff, 0x62]))).toBe(1);
    expect(firstInvalidUtf8Byte(Buffer.concat([Buffer.from("é"), Buffer.from([0xc3, 0x28])]))).toBe(2);
    expect(firstInvalidUtf8Byte(Buffer.concat([Buffer.from("é"), Buffer.from([0xff])]))).toBe(2);
    expect(firstInvalidUtf8Byte(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1);
  });
});

describe("NdjsonFramer under generated chunkings (fast-check)", () => {
  // Lines of every kind: JSON with unicode, blank, CRLF, invalid UTF-8, and lines over the limit.
  const line = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }).map((text) => Buffer.from(JSON.stringify({ text }))),
    fc.constant(Buffer.alloc(0)),
    fc.string({ unit: "grapheme", maxLength: 10 }).map((text) => Buffer.from(`${JSON.stringify(text)}\r`)),
    fc
      .uint8Array({ minLength: 1, maxLength: 12 })
      .map((bytes) => Buffer.from(bytes.map((byte) => (byte === 10 ? 0xff : byte)))),
    fc.integer({ min: 65, max: 200 }).map((length) => Buffer.alloc(length, "x")),
  );
  const streams = fc
    .tuple(fc.array(line, { maxLength: 8 }), fc.boolean())
    .map(([lines, trailing]) =>
      Buffer.concat(
        lines.map((bytes, index) =>
          index < lines.length - 1 || !trailing ? Buffer.concat([bytes, Buffer.from("\n")]) : bytes,
        ),
      ),
    );

  it("every item, byte count and flag is the same however the stream is cut", () => {
    fc.assert(
      fc.property(
        streams.chain((stream) =>
          chunkingsOf(stream, { maxCuts: 12 }).map((chunking) => [stream, chunking] as const),
        ),
        ([stream, chunking]) => {
          const whole = frameAll([stream], 64);
          const pieces = frameAll(splitAtCuts(stream, chunking.cuts), 64);
          expect(pieces).toEqual(whole);
          // Every byte is accounted for in exactly one item: its line's bytes, plus its newline when it had one.
          const newlines = whole.filter((item) => !("terminated" in item) || item.terminated).length;
          const counted = whole.reduce((sum, item) => sum + item.byteLength, 0) + newlines;
          expect(counted).toBe(stream.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("NdjsonFramer and byte-order marks", () => {
  it("keeps a BOM as a character, whether the line arrives whole or in pieces", () => {
    const stream = Buffer.from('\ufeff{"a":1}\n\ufeff{"b":2}\n');
    const whole = frameAll([stream]);
    expect(texts(whole)).toEqual(['\ufeff{"a":1}', '\ufeff{"b":2}']);
    expect(texts(frameAll([stream.subarray(0, 2), stream.subarray(2)]))).toEqual(texts(whole));
  });
});
