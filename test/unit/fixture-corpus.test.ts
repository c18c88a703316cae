/**
 * The fixture corpus keeps every check falsifiable: each requirement that can fail has a
 * faulty peer in fixtures/ that breaks it alone (the e2e tests prove the kit reports exactly
 * that), and every fixture a manifest names exists.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTER_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { AGENT_FIXTURES } from "../../fixtures/agents/manifest.js";
import { AGENT_V2_FIXTURES } from "../../fixtures/agents/manifest-v2.js";
import { CLIENT_FIXTURES } from "../../fixtures/clients/manifest.js";
import { CLIENT_V2_FIXTURES } from "../../fixtures/clients/manifest-v2.js";
import { HOST_FIXTURES } from "../../fixtures/hosts/manifest.js";
import { RUNTIME_FIXTURES } from "../../fixtures/runtimes/manifest.js";
import { REQUIREMENTS, type RequirementId } from "../../kit/requirements/index.js";
import { readScriptFile } from "../../peers/script.js";

const fixturesDir = join(import.meta.dirname, "../../fixtures");

/** Each mode's manifest of fixture programs (agent mode also has peer scripts, below). */
const PROGRAM_CORPORA = [
  {
    side: "agent",
    folder: "agents",
    fixtures: [...AGENT_FIXTURES, ...AGENT_V2_FIXTURES].filter((fixture) => fixture.file !== undefined),
  },
  { side: "client", folder: "clients", fixtures: CLIENT_FIXTURES },
  { side: "adapter", folder: "adapters", fixtures: ADAPTER_FIXTURES },
  { side: "client", folder: "clients/v2", fixtures: CLIENT_V2_FIXTURES },
  { side: "host", folder: "hosts", fixtures: HOST_FIXTURES },
  { side: "runtime", folder: "runtimes", fixtures: RUNTIME_FIXTURES },
] as const;

const MANIFESTS = [
  { side: "agent", fixtures: [...AGENT_FIXTURES, ...AGENT_V2_FIXTURES] },
  { side: "client", fixtures: [...CLIENT_FIXTURES, ...CLIENT_V2_FIXTURES] },
  { side: "adapter", fixtures: ADAPTER_FIXTURES },
  { side: "host", fixtures: HOST_FIXTURES },
  { side: "runtime", fixtures: RUNTIME_FIXTURES },
] as const;

describe("the fixture corpus", () => {
  for (const { side, fixtures } of MANIFESTS) {
    it(`has, for every ${side} requirement that can fail, a fixture that breaks exactly it`, () => {
      const alone = new Set(
        fixtures.filter((fixture) => fixture.breaks.length === 1).map((fixture) => fixture.breaks[0]),
      );
      // An info requirement states a fact and never fails, so no fixture can break it.
      expect(
        REQUIREMENTS.filter((requirement) => requirement.side === side && requirement.level !== "info")
          .map((requirement) => requirement.id)
          .filter((id) => !alone.has(id as RequirementId)),
      ).toEqual([]);
    });
  }

  for (const { folder, fixtures } of PROGRAM_CORPORA) {
    it(`names only fixture programs that exist in fixtures/${folder}`, () => {
      for (const fixture of fixtures)
        expect(existsSync(join(fixturesDir, folder, `${fixture.file}.ts`)), fixture.file).toBe(true);
    });
  }

  it("names agent fixtures that are each either a program or an existing peer script", () => {
    for (const fixture of AGENT_FIXTURES) {
      expect(fixture.file === undefined, JSON.stringify(fixture)).not.toBe(fixture.script === undefined);
      if (fixture.script !== undefined)
        expect(existsSync(join(fixturesDir, "scripts", `${fixture.script}.json`)), fixture.script).toBe(true);
    }
  });

  it("every peer script in the repository validates against the schema", () => {
    const dir = join(fixturesDir, "scripts");
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".json")))
      expect(() => readScriptFile(join(dir, name)), name).not.toThrow();
  });
});
