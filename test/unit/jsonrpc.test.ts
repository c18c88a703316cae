import { describe, expect, it } from "vitest";
import { RequestPairing, classifyMessage, envelopeProblems, idKey } from "../../kit/wire/jsonrpc.js";

describe("classifyMessage", () => {
  it("tells requests, notifications, responses, batches and invalid frames apart", () => {
    expect(classifyMessage({ jsonrpc: "2.0", id: 0, method: "initialize" })).toMatchObject({
      kind: "request",
      id: 0,
    });
    expect(classifyMessage({ jsonrpc: "2.0", method: "session/update" })).toMatchObject({
      kind: "notification",
    });
    expect(classifyMessage({ jsonrpc: "2.0", id: "x", result: {} })).toMatchObject({
      kind: "response",
      id: "x",
      hasResult: true,
      hasError: false,
    });
    expect(
      classifyMessage({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
    ).toMatchObject({ kind: "response", id: null, hasError: true });
    expect(classifyMessage([1, 2])).toEqual({ kind: "batch", length: 2 });
    expect(classifyMessage("text")).toMatchObject({ kind: "invalid" });
    expect(classifyMessage({ jsonrpc: "2.0", id: 7 })).toMatchObject({ kind: "invalid" });
    expect(classifyMessage({ jsonrpc: "2.0", method: 5 })).toMatchObject({ kind: "invalid" });
  });
});

describe("envelopeProblems", () => {
  const problems = (value: unknown) => envelopeProblems(value, classifyMessage(value));

  it("accepts well-formed frames", () => {
    expect(problems({ jsonrpc: "2.0", id: 1, result: null })).toEqual({
      version: undefined,
      response: [],
      request: [],
    });
  });

  it("flags a missing or wrong jsonrpc member", () => {
    expect(problems({ id: 1, result: {} }).version).toMatch(/missing/);
    expect(problems({ jsonrpc: "1.0", id: 1, result: {} }).version).toMatch(/"1.0"/);
  });

  it("flags responses with both members, bad error shapes and bad ids", () => {
    expect(problems({ jsonrpc: "2.0", id: 1, result: {}, error: null }).response).toEqual([
      "response carries both `result` and `error`",
      "`error` is not an object",
    ]);
    expect(problems({ jsonrpc: "2.0", id: 1, error: { code: "-32601", message: "x" } }).response).toEqual([
      'error code "-32601" is not an integer',
    ]);
    expect(problems({ jsonrpc: "2.0", id: 1.5, result: {} }).response).toEqual([
      "response id 1.5 is not a string, an integer or null",
    ]);
    expect(problems({ jsonrpc: "2.0", error: { code: 1, message: "x" } }).response).toEqual([
      "response has no `id`",
    ]);
    expect(problems({ jsonrpc: "2.0", id: { a: 1 }, method: "x" }).request).toHaveLength(1);
  });
});

describe("RequestPairing", () => {
  it('keeps an id\'s JSON type: 0 and "0" are different requests', () => {
    expect(idKey(0)).not.toBe(idKey("0"));
    const pairing = new RequestPairing<string>();
    pairing.add(0, "session/new", "first");
    expect(pairing.resolve("0")).toEqual({ status: "unknown" });
    expect(pairing.resolve(0)).toMatchObject({
      status: "answered",
      request: { method: "session/new", context: "first" },
    });
  });

  it("recognises a second answer to the same request", () => {
    const pairing = new RequestPairing();
    pairing.add(4_294_967_297, "initialize", undefined);
    pairing.resolve(4_294_967_297);
    expect(pairing.resolve(4_294_967_297)).toMatchObject({ status: "duplicate" });
    expect(pairing.pending()).toEqual([]);
  });

  it("refuses to reuse an id that is still pending", () => {
    const pairing = new RequestPairing();
    pairing.add("a", "x", undefined);
    expect(() => pairing.add("a", "y", undefined)).toThrow(/already pending/);
  });
});
