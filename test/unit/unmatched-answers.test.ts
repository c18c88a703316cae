import { describe, expect, it } from "vitest";
import type { IncomingMessage, SentRequest } from "../../kit/wire/frame-inspector.js";
import { UnmatchedAnswers } from "../../kit/wire/unmatched-answers.js";

describe("UnmatchedAnswers", () => {
  it("finds an answer pretty-printed over several lines, among log lines, and names its request", () => {
    const answers = new UnmatchedAnswers();
    const lines = [
      "starting up",
      ...JSON.stringify({ jsonrpc: "2.0", id: 3, result: { sessionId: "s" } }, null, 2).split("\n"),
    ];
    for (const [seq, line] of lines.entries()) answers.noteUnparsedLine(seq, line);
    expect(answers.for(3)).toMatchObject({ kind: "spread-over-lines", seq: 1 });
    expect(answers.for(3)?.detail).toMatch(/pretty-printed over 7 lines/);
    expect(answers.for("3")).toBeUndefined();
  });

  it("does not take log lines, or a frame interrupted by a message, for an answer", () => {
    const answers = new UnmatchedAnswers();
    const [first, ...rest] = JSON.stringify({ jsonrpc: "2.0", id: 4, result: {} }, null, 2).split("\n");
    answers.noteUnparsedLine(0, first!);
    answers.endRun(); // a message in between: the lines before it and after it are no one frame
    for (const [index, line] of rest.entries()) answers.noteUnparsedLine(index + 1, line);
    for (const [index, line] of ["} not json", "{ neither", "}"].entries())
      answers.noteUnparsedLine(10 + index, line);
    expect(answers.for(4)).toBeUndefined();
  });

  it("keeps the first wrong-id response it was told belongs to a request", () => {
    const answers = new UnmatchedAnswers();
    answers.noteWrongId(5, 9, -6);
    answers.noteWrongId(5, 12, -7);
    expect(answers.for(5)).toMatchObject({ kind: "wrong-id", seq: 9 });
    expect(answers.for(5)?.detail).toContain("id -6");
  });

  it("gives each of several wrong-id answers to its own waiting request, as when three requests went out in one write", () => {
    const answers = new UnmatchedAnswers();
    const sent: SentRequest[] = [1, 2, 3].map((id) => ({
      id,
      method: "session/new",
      sentAtMs: 0,
      seq: id,
      internal: false,
    }));
    for (const [index, wrongId] of ["x-1", "x-2", "x-3"].entries()) {
      const seq = 10 + index;
      const text = JSON.stringify({ jsonrpc: "2.0", id: wrongId, result: {} });
      const incoming: IncomingMessage = {
        seq,
        atMs: 0,
        value: JSON.parse(text),
        message: {
          kind: "response",
          id: wrongId,
          result: {},
          error: undefined,
          hasResult: true,
          hasError: false,
        },
      };
      answers.observe(
        seq,
        { kind: "line", text, byteLength: text.length, crlf: false, terminated: true },
        incoming,
        { kind: "unsolicited-response", seq, detail: "" },
        sent,
      );
    }
    expect([1, 2, 3].map((id) => answers.for(id)?.seq)).toEqual([12, 11, 10]);
  });
});
