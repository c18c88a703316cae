/** The kit's scratch root exists only while it holds a directory, so a killed process leaves nothing. */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { makeScratchDir, removeScratchDir } from "../../kit/scratch-dirs.js";

describe("scratch directories", () => {
  it("share one root, which goes with the last of them", () => {
    const first = makeScratchDir("first-");
    const second = makeScratchDir("second-");
    const root = dirname(first);
    expect(dirname(second)).toBe(root);
    expect(root).toMatch(/acp-conformance-run-[^/]+$/);

    removeScratchDir(first);
    expect(existsSync(first)).toBe(false);
    expect(existsSync(root)).toBe(true);

    removeScratchDir(second);
    expect(existsSync(root)).toBe(false);

    const third = makeScratchDir("third-");
    expect(existsSync(third)).toBe(true);
    removeScratchDir(third);
    expect(existsSync(dirname(third))).toBe(false);
  });
});
