/**
 * The house is walked one way (ARCHITECTURE.md, "Layers"): no import points up or sideways
 * across the layers, and no two files import each other, even through types.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  compiledSources,
  importCycles,
  importEdges,
  LAYER_RULES,
  layerViolations,
  ruleFor,
} from "./import-layers.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const sources = compiledSources(root);
const edges = importEdges(root, sources);

describe("the layers", () => {
  it("reads the whole build: every layer's folder, type-only imports included", () => {
    for (const place of [
      "kit/",
      "peers/",
      "scenarios/harness/",
      "engine/",
      "reports/",
      "bin/",
      "fixtures/",
    ]) {
      expect(
        sources.some((file) => file.startsWith(place)),
        place,
      ).toBe(true);
    }
    // kit/scenario.ts takes only types from kit/run-options.ts: the edge must still be seen.
    expect(edges).toContainEqual(
      expect.objectContaining({ from: "kit/scenario.ts", to: "kit/run-options.ts" }),
    );
  });

  it("puts every compiled file in a layer", () => {
    expect(sources.filter((file) => ruleFor(file) === undefined)).toEqual([]);
  });

  it("has no import that points up or sideways", () => {
    expect(layerViolations(edges).map((violation) => violation.message)).toEqual([]);
  });

  it("has no import cycle between files", () => {
    expect(importCycles(edges)).toEqual([]);
  });
});

describe("the layer check itself", () => {
  it("names the file and the import that points up", () => {
    const upward = {
      from: "kit/wire/framer.ts",
      to: "engine/runner.ts",
      specifier: "../../engine/runner.js",
    };
    const sideways = { from: "reports/html.ts", to: "engine/redact.ts", specifier: "../engine/redact.js" };
    const down = { from: "engine/runner.ts", to: "kit/scenario.ts", specifier: "../kit/scenario.js" };
    expect(layerViolations([upward, sideways, down]).map((violation) => violation.message)).toEqual([
      'kit/wire/framer.ts imports "../../engine/runner.js" (engine/runner.ts): files in kit/ may import only kit/',
      'reports/html.ts imports "../engine/redact.js" (engine/redact.ts): files in reports/ may import only kit/, reports/',
    ]);
  });

  it("tells one mode's folder from another's, and allows runtime mode its use of client mode", () => {
    const hostToAgent = { from: "scenarios/host/driver.ts", to: "scenarios/agent/driver.ts", specifier: "x" };
    const runtimeToClient = {
      from: "scenarios/runtime/acp.ts",
      to: "scenarios/client/index.ts",
      specifier: "y",
    };
    expect(layerViolations([hostToAgent, runtimeToClient])).toHaveLength(1);
    expect(LAYER_RULES.find((rule) => rule.place === "scenarios/host/")?.mayImport).not.toContain(
      "scenarios/agent/",
    );
  });

  it("finds a cycle, types included", () => {
    const cycle = [
      { from: "a.ts", to: "b.ts", specifier: "./b.js" },
      { from: "b.ts", to: "c.ts", specifier: "./c.js" },
      { from: "c.ts", to: "a.ts", specifier: "./a.js" },
      { from: "c.ts", to: "d.ts", specifier: "./d.js" },
    ];
    expect(importCycles(cycle)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
