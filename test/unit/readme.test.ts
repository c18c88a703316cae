/** The README's peers example is the file CI runs in a fresh project; they must not drift apart. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

describe("README", () => {
  it("shows examples/node-test/mock-agent.test.mjs verbatim", () => {
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(
      readFileSync(join(root, "examples/node-test/mock-agent.test.mjs"), "utf8"),
    );
  });
});
