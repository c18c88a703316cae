/** The README says what the code does: its peers example is the file CI runs, and its list of the kit's positions is the registry's. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REQUIREMENTS } from "../../kit/requirements/index.js";

const root = join(import.meta.dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");

describe("README", () => {
  it("shows examples/node-test/mock-agent.test.mjs verbatim", () => {
    expect(readme).toContain(readFileSync(join(root, "examples/node-test/mock-agent.test.mjs"), "utf8"));
  });

  it("shows examples/node-test/mock-agent-surface.test.mjs verbatim", () => {
    expect(readme).toContain(
      readFileSync(join(root, "examples/node-test/mock-agent-surface.test.mjs"), "utf8"),
    );
  });

  it("shows examples/node-test/mock-client.test.mjs verbatim", () => {
    expect(readme).toContain(readFileSync(join(root, "examples/node-test/mock-client.test.mjs"), "utf8"));
  });

  it("shows examples/node-test/mock-client-v2.test.mjs verbatim", () => {
    expect(readme).toContain(readFileSync(join(root, "examples/node-test/mock-client-v2.test.mjs"), "utf8"));
  });

  it("lists exactly the requirements where the kit takes a position", () => {
    const section = readme.slice(readme.indexOf("### The kit's positions"));
    const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| requirement")));
    const listed = [...table.matchAll(/^\| `([a-z0-9.-]+)`/gm)].map((match) => match[1]);
    expect(listed).toEqual(
      REQUIREMENTS.filter((requirement) => requirement.position).map((requirement) => requirement.id),
    );
  });
});
