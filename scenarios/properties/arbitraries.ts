/**
 * fast-check arbitraries for protocol traffic, used by the kit's property-based scenarios and
 * exported for users' own tests (`import { chunkingsOf } from "acp-conformance/properties"`).
 * Each one shrinks towards the plain case: no cuts, one frame per write, short ASCII text,
 * the first interleaving, so a counterexample ends up as small as the defect allows.
 */
import fc from "fast-check";
import { splitAtCuts } from "../../kit/wire/write-styles.js";

/** How one byte stream is cut into writes: the byte offsets where a write ends, and the pause before each next write. */
export interface Chunking {
  /** Sorted, unique offsets strictly inside the stream (0 < cut < length). */
  cuts: number[];
  /** delaysMs[i] is the pause before piece i + 1 (one entry per cut). */
  delaysMs: number[];
}

/** Offsets that fall inside a multi-byte UTF-8 character: a cut there splits the character across two reads. */
export function utf8InteriorOffsets(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let index = 1; index < bytes.length; index++) {
    // Continuation bytes are 10xxxxxx; cutting before one splits its character.
    if ((bytes[index]! & 0xc0) === 0x80) offsets.push(index);
  }
  return offsets;
}

/**
 * Chunkings of `bytes`: up to `maxCuts` cut points anywhere, about half of them inside multi-byte
 * characters when there are any (uniform cuts rarely land there), with pauses of 0 to
 * `maxDelayMs` between pieces. A pause of a few tens of milliseconds makes the pieces arrive as
 * separate reads; without pauses a pipe may join them again. With `within`, the cuts inside
 * characters fall in that byte range only: a value the peer must send back unchanged (an id,
 * echoed text), so a character it decodes wrongly shows in its answer.
 */
export function chunkingsOf(
  bytes: Uint8Array,
  options: { maxCuts?: number; maxDelayMs?: number; within?: { start: number; end: number } } = {},
): fc.Arbitrary<Chunking> {
  const { maxCuts = 8, maxDelayMs = 40, within } = options;
  if (bytes.length < 2) return fc.constant({ cuts: [], delaysMs: [] });
  const anywhere = fc.integer({ min: 1, max: bytes.length - 1 });
  const interior = utf8InteriorOffsets(bytes).filter(
    (offset) => within === undefined || (offset > within.start && offset < within.end),
  );
  const cut = interior.length > 0 ? fc.oneof(anywhere, fc.constantFrom(...interior)) : anywhere;
  return fc.uniqueArray(cut, { maxLength: Math.min(maxCuts, bytes.length - 1) }).chain((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    return fc
      .array(fc.integer({ min: 0, max: maxDelayMs }), { minLength: sorted.length, maxLength: sorted.length })
      .map((delaysMs) => ({ cuts: sorted, delaysMs }));
  });
}

export { splitAtCuts };

/** A readable account of a chunking: piece lengths, and the characters a cut splits. */
export function describeChunking(bytes: Uint8Array, chunking: Chunking): Record<string, unknown> {
  const interior = new Set(utf8InteriorOffsets(bytes));
  const text = Buffer.from(bytes).toString("utf8");
  const splitCharacters = chunking.cuts
    .filter((cut) => interior.has(cut))
    .map((cut) => {
      let start = cut;
      while (start > 0 && interior.has(start)) start--;
      const prefix = Buffer.from(bytes.subarray(0, start)).toString("utf8");
      return { at: cut, character: [...text.slice(prefix.length)][0] };
    });
  return {
    bytes: bytes.length,
    pieceLengths: splitAtCuts(bytes, chunking.cuts).map((piece) => piece.length),
    cuts: chunking.cuts,
    delaysMs: chunking.delaysMs,
    splitCharacters,
  };
}

/**
 * Coalescings of `frameCount` frames: how many consecutive frames share each write, as a list
 * of group sizes that sums to frameCount. Shrinks towards one frame per write.
 */
export function coalescingsOf(frameCount: number): fc.Arbitrary<number[]> {
  if (frameCount <= 1) return fc.constant([frameCount]);
  // A join flag between each pair of neighbouring frames; false (a write boundary) is the shrink target.
  return fc.array(fc.boolean(), { minLength: frameCount - 1, maxLength: frameCount - 1 }).map((joins) => {
    const sizes = [1];
    for (const join of joins) {
      if (join) sizes[sizes.length - 1]! += 1;
      else sizes.push(1);
    }
    return sizes;
  });
}

/** `items` grouped by `sizes` (from coalescingsOf). */
export function groupBySizes<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const groups: T[][] = [];
  let start = 0;
  for (const size of sizes) {
    groups.push(items.slice(start, start + size));
    start += size;
  }
  return groups;
}

/**
 * JSON-RPC ids a peer must echo exactly: integers (0, negative, up to 2^53 - 1) and strings
 * (empty, unicode, escapes, numeric-looking). Null is allowed by JSON-RPC but discouraged, so
 * it is not generated.
 */
export function jsonRpcIds(): fc.Arbitrary<number | string> {
  return fc.oneof(
    fc.constantFrom<number | string>(
      0,
      -1,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      "",
      "1",
      "0x10",
      "id with spaces",
      "ü-é-😀",
      "line\nbreak",
      'quote"back\\slash',
    ),
    fc.integer(),
    fc.maxSafeInteger(),
    fc.string({ unit: "binary", maxLength: 24 }),
    fc.string({ unit: "grapheme", maxLength: 12 }),
  );
}

/** The same id once: JSON-RPC ids of one type and value are the same id. */
export function uniqueJsonRpcIds(
  options: { minLength?: number; maxLength?: number } = {},
): fc.Arbitrary<Array<number | string>> {
  return fc.uniqueArray(jsonRpcIds(), {
    minLength: options.minLength ?? 1,
    maxLength: options.maxLength ?? 4,
    comparator: "SameValueZero",
  });
}

/**
 * Text a prompt or a message may carry: any unicode (astral characters, combining marks,
 * U+2028), JSON escapes, CR/LF inside the text, and long runs up to `maxLength` characters.
 */
export function textContents(options: { maxLength?: number } = {}): fc.Arbitrary<string> {
  const { maxLength = 4096 } = options;
  const tricky = fc.constantFrom(
    "\n",
    "\r\n",
    "\u2028",
    "\u2029",
    "\\n",
    '"',
    "\\",
    "\t",
    "\u0000",
    "😀",
    "é",
    "e\u0301",
    "\ufeff",
    "}\n{",
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 64 }) },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.oneof(tricky, fc.string({ unit: "binary", maxLength: 16 })), { maxLength: 24 })
        .map((parts) => parts.join("")),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("x", "é", "😀", "ab\n"), fc.integer({ min: 1, max: maxLength }))
        .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
    },
  );
}

/** Sizes in bytes from 0 to `limit`, with the edges (0, 1, limit - 1, limit) likely. */
export function sizesUpTo(limit: number): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(0, 1, Math.max(0, limit - 1), limit), fc.integer({ min: 0, max: limit }));
}

/** One step of a prompt turn as a scripted agent plays it. */
export type TurnStep =
  /** A session/update for the turn's own session. */
  | { kind: "own-update" }
  /** A session/update for another session (one the client never created, or another of its own). */
  | { kind: "foreign-update"; session: number }
  /** A session/request_permission for the turn's own session. */
  | { kind: "permission" };

/**
 * Legal interleavings of a turn: updates of the turn's own session and of `foreignSessions`
 * other sessions in any order, and (when `permission`) one permission request at any point.
 */
export function turnInterleavings(
  options: { maxUpdates?: number; foreignSessions?: number; permission?: boolean } = {},
): fc.Arbitrary<TurnStep[]> {
  const { maxUpdates = 6, foreignSessions = 2, permission = false } = options;
  const update: fc.Arbitrary<TurnStep> =
    foreignSessions > 0
      ? fc.oneof(
          fc.constant<TurnStep>({ kind: "own-update" }),
          fc
            .integer({ min: 0, max: foreignSessions - 1 })
            .map<TurnStep>((session) => ({ kind: "foreign-update", session })),
        )
      : fc.constant<TurnStep>({ kind: "own-update" });
  if (!permission) return fc.array(update, { minLength: 1, maxLength: maxUpdates });
  // The updates before and after the request, as two arrays rather than a position chained on
  // one array: fast-check shrinks each side on its own (a chained position is drawn afresh
  // whenever the array shrinks), so a counterexample shrinks to the steps that matter around the request.
  const side = fc.array(update, { maxLength: maxUpdates });
  return fc
    .tuple(side, side)
    .filter(
      ([before, after]) => before.length + after.length >= 1 && before.length + after.length <= maxUpdates,
    )
    .map(([before, after]) => [...before, { kind: "permission" } as TurnStep, ...after]);
}

/** Where a cancel lands in a turn: after the client has seen `afterUpdates` of its updates (0: right after the prompt). */
export function cancelPoints(options: { maxUpdates?: number } = {}): fc.Arbitrary<{ afterUpdates: number }> {
  return fc.integer({ min: 0, max: options.maxUpdates ?? 6 }).map((afterUpdates) => ({ afterUpdates }));
}

/** Noise a conformant peer must tolerate between frames. */
export type ToleratedFault =
  | { kind: "stderr-noise"; text: string }
  | { kind: "pause"; ms: number }
  | { kind: "unknown-notification"; method: string }
  | { kind: "extra-field"; name: string };

export function toleratedFaults(): fc.Arbitrary<ToleratedFault> {
  return fc.oneof(
    textContents({ maxLength: 256 }).map<ToleratedFault>((text) => ({ kind: "stderr-noise", text })),
    fc.integer({ min: 0, max: 50 }).map<ToleratedFault>((ms) => ({ kind: "pause", ms })),
    fc
      .stringMatching(/^_[a-z]{1,8}\/[a-z]{1,8}$/)
      .map<ToleratedFault>((method) => ({ kind: "unknown-notification", method })),
    fc.stringMatching(/^x[A-Za-z]{1,8}$/).map<ToleratedFault>((name) => ({ kind: "extra-field", name })),
  );
}
