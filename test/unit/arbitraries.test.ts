/** The exported arbitraries generate what they promise, and their helpers put the pieces back together. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chunkingsOf,
  coalescingsOf,
  describeChunking,
  groupBySizes,
  jsonRpcIds,
  sizesUpTo,
  splitAtCuts,
  textContents,
  turnInterleavings,
  uniqueJsonRpcIds,
  utf8InteriorOffsets,
} from "../../scenarios/properties/index.js";

const FRAME = Buffer.from(
  '{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/tmp/ü😀é","mcpServers":[]}}\n',
  "utf8",
);

describe("arbitraries", () => {
  it("chunkings cut strictly inside the bytes, in order, and the pieces join back to the bytes", () => {
    fc.assert(
      fc.property(chunkingsOf(FRAME), (chunking) => {
        expect(chunking.cuts).toEqual([...new Set(chunking.cuts)].sort((a, b) => a - b));
        expect(chunking.cuts.every((cut) => cut > 0 && cut < FRAME.length)).toBe(true);
        expect(chunking.delaysMs).toHaveLength(chunking.cuts.length);
        expect(Buffer.concat(splitAtCuts(FRAME, chunking.cuts)).equals(FRAME)).toBe(true);
      }),
    );
  });

  it("chunkings often cut inside multi-byte characters, and say which", () => {
    const interior = new Set(utf8InteriorOffsets(FRAME));
    expect(interior.size).toBe(1 + 3 + 1); // ü (2 bytes), 😀 (4 bytes), é (2 bytes)
    const samples = fc.sample(chunkingsOf(FRAME), { numRuns: 200, seed: 1 });
    const inside = samples.filter((chunking) => chunking.cuts.some((cut) => interior.has(cut)));
    expect(inside.length).toBeGreaterThan(50);
    const described = describeChunking(FRAME, inside[0]!) as {
      splitCharacters: Array<{ character: string }>;
    };
    expect(["ü", "😀", "é"]).toContain(described.splitCharacters[0]!.character);
  });

  it("coalescings partition the frames in order and shrink towards one frame per write", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 9 })
          .chain((count) => coalescingsOf(count).map((sizes) => [count, sizes] as const)),
        ([count, sizes]) => {
          expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
          expect(groupBySizes([...Array(count).keys()], sizes).flat()).toEqual([...Array(count).keys()]);
        },
      ),
    );
    const failing = fc.check(
      fc.property(coalescingsOf(5), (sizes) => !sizes.includes(2)),
      { seed: 3 },
    );
    expect([...failing.counterexample![0]].sort()).toEqual([1, 1, 1, 2]);
  });

  it("ids are integers or strings, unique when asked, and survive JSON", () => {
    fc.assert(
      fc.property(jsonRpcIds(), (id) => {
        expect(typeof id === "string" || Number.isSafeInteger(id)).toBe(true);
        expect(JSON.parse(JSON.stringify({ id })).id).toBe(Object.is(id, -0) ? 0 : id);
      }),
    );
    fc.assert(
      fc.property(uniqueJsonRpcIds({ maxLength: 4 }), (ids) => {
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it("text contents reach line breaks, escapes and astral characters, up to the length asked", () => {
    const samples = fc.sample(textContents({ maxLength: 100 }), { numRuns: 300, seed: 2 });
    expect(samples.some((text) => text.includes("\n"))).toBe(true);
    expect(samples.some((text) => text.includes("\\") || text.includes('"'))).toBe(true);
    expect(samples.some((text) => /\p{Extended_Pictographic}/u.test(text))).toBe(true);
  });

  it("sizes stay within the limit and reach its edges", () => {
    const samples = fc.sample(sizesUpTo(1024), { numRuns: 200, seed: 4 });
    expect(samples.every((size) => size >= 0 && size <= 1024)).toBe(true);
    expect(samples).toContain(1024);
    expect(samples).toContain(0);
  });

  it("interleavings hold exactly one permission request when asked, anywhere", () => {
    const samples = fc.sample(turnInterleavings({ permission: true, foreignSessions: 2 }), {
      numRuns: 200,
      seed: 5,
    });
    expect(samples.every((steps) => steps.filter((step) => step.kind === "permission").length === 1)).toBe(
      true,
    );
    expect(
      new Set(samples.map((steps) => steps.findIndex((step) => step.kind === "permission"))).size,
    ).toBeGreaterThan(3);
    expect(samples.some((steps) => steps.some((step) => step.kind === "foreign-update"))).toBe(true);
  });
});
