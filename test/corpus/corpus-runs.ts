/**
 * The corpus tier's proof for one profile (`npm run test:corpus`): every fixture through its
 * mode's whole suite, the report naming exactly the requirements it breaks and nothing else;
 * the conformant controls with a few cases of every property, which must hold; each property
 * fixture passing the fixed scenarios (only its property finds it, in `npm test`). Each run is
 * also held to the touch map `npm test` reads: a fixture failing, or no longer failing, in a
 * scenario the map does not say fails the test, naming the entry. UPDATE_TOUCH_MAP=1 writes
 * the map from the runs instead.
 */
import { afterAll, describe, expect, it } from "vitest";
import { modeDefinition } from "../../scenarios/index.js";
import {
  expectExactlyBroken,
  expectFailuresExplained,
  expectPropertiesHeld,
} from "../support/fixture-verdicts.js";
import {
  CONTROL_PROPERTY_TIME,
  fixtureArgs,
  fixtureProfile,
  isControl,
  type ProfileId,
} from "../support/fixture-profiles.js";
import { runCli } from "../support/run-cli.js";
import {
  readTouchMap,
  REGENERATE_TOUCH_MAPS,
  touchDifferences,
  touchesOf,
  touchMapPath,
  type TouchEntry,
  writeTouchMap,
} from "../support/touch-map.js";

const UPDATING = process.env.UPDATE_TOUCH_MAP === "1";

export function describeCorpusRuns(profileId: ProfileId): void {
  const profile = fixtureProfile(profileId);
  const touchMap = readTouchMap(profileId);
  const properties = modeDefinition(profile.mode, profile.version)
    .scenarios.filter((scenario) => scenario.property)
    .map((scenario) => scenario.id);
  const recorded = new Map<string, TouchEntry>();

  if (UPDATING)
    afterAll(() =>
      writeTouchMap(
        profileId,
        recorded,
        profile.fixtures.map((fixture) => fixture.name),
      ),
    );

  describe.concurrent(`${profileId}: every fixture through the whole suite`, () => {
    for (const fixture of profile.fixtures) {
      const expected = [...fixture.breaks].sort();
      const control = isControl(fixture);
      const title = expected.length > 0 ? expected.join(", ") : (fixture.verdict ?? "conformant");
      it(`${fixture.name} → ${title}${control && properties.length > 0 ? ", properties included" : ""}`, async () => {
        const runs =
          control && profile.controlRuns !== undefined
            ? ["--runs", String(profile.controlRuns), "--property-time", CONTROL_PROPERTY_TIME]
            : ["--runs", "0"];
        const run = await runCli(fixtureArgs(profile, fixture, runs));
        expectExactlyBroken(run, fixture);
        expectFailuresExplained(run, profile.failuresCarryEvidence);
        if (control) {
          // Conformant with nothing left untested where the base can be steered to everything.
          if (profile.controlsLeaveNothingUntested)
            expect(
              run
                .report!.requirements.filter((result) => result.verdict === "not-tested")
                .map((result) => result.id),
            ).toEqual([]);
          if (profile.controlRuns !== undefined) expectPropertiesHeld(run, properties, profile.controlRuns);
          return;
        }
        const seen = touchesOf(run.report!);
        if (UPDATING) {
          recorded.set(fixture.name, seen);
          return;
        }
        const differences = touchDifferences(touchMap.fixtures[fixture.name], seen);
        expect(
          differences,
          `the touch map ${touchMapPath(profileId)} is stale for ${fixture.name}; if the change is meant, regenerate its entry with ${REGENERATE_TOUCH_MAPS} -- test/corpus/${profileId}.corpus.test.ts -t '${fixture.name}', and commit it`,
        ).toEqual([]);
      });
    }

    for (const fixture of profile.propertyFixtures) {
      it(`${fixture.name}: the fixed scenarios pass it`, async () => {
        const run = await runCli([
          profile.mode,
          ...profile.options,
          ...profile.fixtureOptions,
          "--runs",
          "0",
          "--",
          ...fixture.command,
        ]);
        expectExactlyBroken(run, { breaks: [] });
      });
    }
  });
}
