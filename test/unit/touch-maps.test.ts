/**
 * The touch maps agree with the manifests and the scenario registries, so a fixture added,
 * renamed or given another failing set shows here, in seconds, rather than as a puzzling run:
 * every fixture that breaks something has an entry, every entry names exactly the requirements
 * its fixture breaks and only scenarios its mode has, and the cover `npm test` runs reaches
 * every one of them.
 */
import { describe, expect, it } from "vitest";
import { PREFLIGHT_SCENARIO } from "../../engine/runner.js";
import { modeDefinition } from "../../scenarios/index.js";
import { FIXTURE_PROFILES, isControl } from "../support/fixture-profiles.js";
import type { Scenario } from "../../kit/scenario.js";
import {
  coverScenarios,
  readTouchMap,
  REGENERATE_TOUCH_MAPS,
  touchDifferences,
  touchMapPath,
} from "../support/touch-map.js";

describe.each(FIXTURE_PROFILES)("the $id touch map", (profile) => {
  const map = readTouchMap(profile.id);
  const { scenarios } = modeDefinition(profile.mode, profile.version);
  const scenarioIds = new Set([PREFLIGHT_SCENARIO, ...scenarios.map((scenario) => scenario.id)]);
  const stale = `${touchMapPath(profile.id)} is stale; regenerate it with ${REGENERATE_TOUCH_MAPS} -- test/corpus/${profile.id}.corpus.test.ts`;

  it("has an entry for every fixture but the controls, and none for a fixture the manifest lost", () => {
    const expected = profile.fixtures.filter((fixture) => !isControl(fixture)).map((fixture) => fixture.name);
    expect(Object.keys(map.fixtures).sort(), stale).toEqual([...expected].sort());
  });

  it("names exactly the requirements each fixture breaks, and only scenarios of its mode", () => {
    for (const fixture of profile.fixtures) {
      const entry = map.fixtures[fixture.name];
      if (!entry) continue;
      expect(Object.keys(entry.fails).sort(), `${fixture.name}: ${stale}`).toEqual(
        [...fixture.breaks].sort(),
      );
      for (const where of [...Object.values(entry.fails), entry.blockedIn ?? []])
        for (const scenario of where)
          expect(scenarioIds.has(scenario), `${fixture.name}: ${scenario}`).toBe(true);
      expect(entry.blockedIn !== undefined, `${fixture.name}: blocked`).toBe(fixture.verdict === "blocked");
    }
  });

  it("gives every fixture a cover that reaches each requirement it breaks", () => {
    for (const fixture of profile.fixtures) {
      const entry = map.fixtures[fixture.name];
      if (!entry) continue;
      const cover = new Set([PREFLIGHT_SCENARIO, ...coverScenarios(entry, scenarios)]);
      for (const [requirement, where] of Object.entries(entry.fails))
        expect(
          where.some((scenario) => cover.has(scenario)),
          `${fixture.name}: ${requirement}`,
        ).toBe(true);
    }
  });
});

describe("a touch entry", () => {
  it("is stale when its fixture starts or stops failing a requirement in a scenario, and says which", () => {
    const mapped = { fails: { "agent.framing.utf8": ["agent.framing.split-writes", "preflight"] } };
    expect(touchDifferences(mapped, mapped)).toEqual([]);
    expect(
      touchDifferences(mapped, {
        fails: { "agent.framing.utf8": ["agent.framing.crlf-line-ends", "preflight"] },
      }),
    ).toEqual([
      "agent.framing.utf8 now fails in agent.framing.crlf-line-ends, which the map does not list",
      "agent.framing.utf8 no longer fails in agent.framing.split-writes, which the map lists",
    ]);
    expect(touchDifferences(undefined, mapped)).toEqual(["the map has no entry for it"]);
    expect(touchDifferences(mapped, { ...mapped, blockedIn: ["agent.prompt.plain"] })).toEqual([
      "the run is blocked in [agent.prompt.plain] where the map says []",
    ]);
  });

  it("is covered by the fewest scenarios, the quick ones and the requirement's own first", () => {
    const scenario = (id: string, requirements: string[], extra: Partial<Scenario> = {}) =>
      ({ id, title: id, mode: "agent", requirements, run: async () => {}, ...extra }) as unknown as Scenario;
    const scenarios = [
      scenario("waits", [], { waitsOutDeadline: true }),
      scenario("a", ["r1"]),
      scenario("b", ["r2"]),
      scenario("both", []),
    ];
    // One scenario failing both beats one for each.
    expect(coverScenarios({ fails: { r1: ["a", "both"], r2: ["b", "both"] } }, scenarios)).toEqual(["both"]);
    // Between equals: not the one that waits out a deadline, then the requirement's own.
    expect(coverScenarios({ fails: { r1: ["waits", "both", "a"] } }, scenarios)).toEqual(["a"]);
    // The preflight always runs: nothing else is needed for what it fails.
    expect(coverScenarios({ fails: { r1: ["preflight", "a"] } }, scenarios)).toEqual([]);
    // A blocked run runs where it was blocked.
    expect(coverScenarios({ fails: {}, blockedIn: ["b"] }, scenarios)).toEqual(["b"]);
  });
});
