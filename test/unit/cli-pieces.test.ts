import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveCommand } from "../../kit/process/resolve-command.js";
import { createRedactor } from "../../engine/redact.js";
import { splitIntoChunks } from "../../kit/wire/write-styles.js";

describe("resolveCommand", () => {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-resolve-"));
  const script = join(dir, "agent");
  writeFileSync(script, "#!/bin/sh\n");
  chmodSync(script, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds commands on PATH and paths relative to the working directory", () => {
    expect(resolveCommand("agent", "/", dir)).toBe(script);
    expect(resolveCommand("./agent", dir, "")).toBe(script);
  });

  it("says what to do when the command cannot run", () => {
    expect(() => resolveCommand("missing-agent", "/", dir)).toThrow(/not found on PATH/);
    chmodSync(script, 0o644);
    expect(() => resolveCommand(script, "/", "")).toThrow(/chmod \+x/);
    expect(() => resolveCommand(dir, "/", "")).toThrow(/is a directory/);
  });
});

describe("createRedactor", () => {
  it("replaces --env values and the home directory, deeply", () => {
    const redact = createRedactor({ API_KEY: "sk-secret-123", SHORT: "ab" }, "/home/alice");
    expect(
      redact.value({
        message: "auth with sk-secret-123 failed in /home/alice/project",
        list: ["ab", "sk-secret-123"],
      }),
    ).toEqual({
      message: "auth with <redacted:API_KEY> failed in ~/project",
      list: ["ab", "<redacted:API_KEY>"],
    });
  });
});

describe("splitIntoChunks", () => {
  it("covers every byte exactly once, in order, in the requested number of pieces", () => {
    const bytes = Buffer.from("héllo wörld 😀");
    for (const pieces of [1, 2, 5, bytes.length, bytes.length + 10]) {
      const chunks = splitIntoChunks(bytes, pieces);
      expect(chunks.length).toBe(Math.min(pieces, bytes.length));
      expect(Buffer.concat(chunks)).toEqual(bytes);
      expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
    }
  });
});
