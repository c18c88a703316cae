/**
 * `npm test`'s proof for one profile: the bundled reference through the whole suite, and every
 * fixture through the preflight and the scenarios its touch map says fail it
 * (test/support/touch-map.ts), asserting there the exact set of requirements it breaks; each
 * property fixture through its property, which must find its defect. The corpus tier
 * (test/corpus/) runs every fixture through the whole suite and keeps the map true.
 */
import { describe, expect, it } from "vitest";
import { modeDefinition } from "../../scenarios/index.js";
import {
  expectAllPass,
  expectExactlyBrokenWhereTouched,
  expectFailuresExplained,
  expectPropertiesHeld,
  expectPropertyFinds,
} from "../support/fixture-verdicts.js";
import {
  CONTROL_PROPERTY_TIME,
  fixtureArgs,
  fixtureProfile,
  isControl,
  type ProfileId,
} from "../support/fixture-profiles.js";
import { runCli } from "../support/run-cli.js";
import { coverScenarios, readTouchMap, REGENERATE_TOUCH_MAPS, touchMapPath } from "../support/touch-map.js";

/** A fixed seed keeps a property's cases the same from run to run; the properties find each defect from any seed. */
export const PROPERTY_SEED = "20261130";

export function describeFixtureRuns(profileId: ProfileId): void {
  const profile = fixtureProfile(profileId);
  const touchMap = readTouchMap(profileId);
  const { scenarios } = modeDefinition(profile.mode, profile.version);
  const properties = scenarios.filter((scenario) => scenario.property).map((scenario) => scenario.id);
  // A few cases of every property: enough to prove the reference holds them, cheap in CI.
  const propertyRuns =
    profile.controlRuns !== undefined
      ? ["--runs", String(profile.controlRuns), "--property-time", CONTROL_PROPERTY_TIME]
      : [];

  describe.concurrent(`${profileId}: each fixture through the scenarios that fail it`, () => {
    it(`the bundled reference passes every requirement${properties.length > 0 ? ", properties included" : ""}`, async () => {
      const run = await runCli([profile.mode, ...profile.options, ...propertyRuns, ...profile.reference]);
      expectAllPass(run, profile.referenceNotApplicable);
      if (profile.controlRuns !== undefined) expectPropertiesHeld(run, properties, profile.controlRuns);
      expect(run.stdout).toMatch(/VERDICT: conformant/);
      // Grouped by area on the terminal.
      for (const area of new Set(run.report!.requirements.map((result) => result.area)))
        expect(run.stdout).toContain(`\n${area}\n`);
    });

    for (const fixture of profile.fixtures) {
      const expected = [...fixture.breaks].sort();
      const title = expected.length > 0 ? expected.join(", ") : (fixture.verdict ?? "conformant");
      it(`${fixture.name} → ${title}`, async () => {
        // A control breaks nothing, so no scenario fails it: like a fixture that only the
        // preflight fails, it runs the preflight and one quick scenario (the CLI runs at least
        // one); its whole suite is the corpus tier's.
        const entry = isControl(fixture) ? { fails: {} } : touchMap.fixtures[fixture.name];
        if (entry === undefined)
          throw new Error(
            `${fixture.name} has no entry in ${touchMapPath(profileId)}: run its mode's whole suite to record where it fails (${REGENERATE_TOUCH_MAPS} -- test/corpus/${profileId}.corpus.test.ts) and commit the map`,
          );
        const cover = coverScenarios(entry, scenarios);
        const quick = scenarios.find((scenario) => !scenario.property && !scenario.waitsOutDeadline)!;
        const only = (cover.length > 0 ? cover : [quick.id]).flatMap((id) => ["--only", id]);
        const run = await runCli(fixtureArgs(profile, fixture, ["--runs", "0", ...only]));
        expectExactlyBrokenWhereTouched(run, fixture);
        expectFailuresExplained(run, profile.failuresCarryEvidence);
      });
    }

    for (const fixture of profile.propertyFixtures) {
      it(`${fixture.name}: ${fixture.property} finds ${fixture.breaks.join(", ")} and shrinks it`, async () => {
        const run = await runCli([
          profile.mode,
          ...profile.options,
          ...profile.fixtureOptions,
          "--only",
          fixture.property,
          "--seed",
          PROPERTY_SEED,
          "--runs",
          String(fixture.runs),
          "--property-time",
          "120000",
          "--",
          ...fixture.command,
        ]);
        expectPropertyFinds(run, fixture, PROPERTY_SEED);
      });
    }
  });
}
