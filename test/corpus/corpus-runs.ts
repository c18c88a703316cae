/**
 * The corpus tier's proof for one profile (`npm run test:corpus`): every fixture through its
 * mode's whole suite, the report naming exactly the requirements it breaks and nothing else;
 * the conformant controls with a few cases of every property, which must hold; each property
 * fixture passing the fixed scenarios (only its property finds it, in `npm test`); the bundled
 * reference three times over with --repeat, no verdict changing between runs, and so a sample
 * of the fixtures (inRepeatSample). Each run is
 * also held to the touch map `npm test` reads: a fixture failing, or no longer failing, in a
 * scenario the map does not say fails the test, naming the entry. UPDATE_TOUCH_MAP=1 writes
 * the map from the runs instead.
 *
 * CORPUS_SHARD=i/n runs the i-th of n shards: every n-th fixture of each profile, so that each
 * shard has its share of every mode. `.ci/run` runs one shard per commit (the whole corpus takes
 * longer than CI can wait; see ARCHITECTURE §8); with no CORPUS_SHARD every fixture runs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { modeDefinition } from "../../scenarios/index.js";
import {
  expectAllPass,
  expectExactlyBroken,
  expectFailuresExplained,
  expectPropertiesHeld,
} from "../support/fixture-verdicts.js";
import {
  CONTROL_PROPERTY_TIME,
  FIXTURE_PROFILES,
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
const SHARD = corpusShard(process.env.CORPUS_SHARD);

/** The shard CORPUS_SHARD names ("2/3": index 1 of 3), or the whole corpus when it is unset. */
function corpusShard(value: string | undefined): { index: number; count: number } {
  if (value === undefined || value === "") return { index: 0, count: 1 };
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [shard, count] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (count < 1 || shard < 1 || shard > count)
    throw new Error(
      `CORPUS_SHARD=${value} is not a shard: give it as i/n with 1 <= i <= n (1/3 runs the first third), or unset it for the whole corpus`,
    );
  return { index: shard - 1, count };
}

/**
 * A sample of every profile's fixtures runs with --repeat 3 and must not flip: a broken target's
 * verdict must hold as still as a good one's. Every REPEAT_SAMPLE_EVERY-th fixture, so the
 * sample reaches across each manifest and costs a few percent of the corpus.
 */
const REPEAT_SAMPLE_EVERY = 40;

function inRepeatSample<T>(fixtures: readonly T[], fixture: T): boolean {
  return fixtures.indexOf(fixture) % REPEAT_SAMPLE_EVERY === 0;
}

/** The fixtures of this shard: every count-th one, from its index. */
function inShard<T>(fixtures: readonly T[]): T[] {
  return fixtures.filter((_, position) => position % SHARD.count === SHARD.index);
}

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

  const shard = SHARD.count > 1 ? ` (shard ${SHARD.index + 1}/${SHARD.count})` : "";
  describe.concurrent(`${profileId}: every fixture through the whole suite${shard}`, () => {
    // The reference three times over (issue 30): no verdict may change between runs. One shard
    // per profile runs it, in turn, so that every shard carries about the same load.
    const profileIndex = FIXTURE_PROFILES.findIndex((each) => each.id === profileId);
    if (profileIndex % SHARD.count === SHARD.index)
      it("the bundled reference, --repeat 3: no verdict changes between runs", async () => {
        const propertyRuns =
          profile.controlRuns !== undefined
            ? ["--runs", String(profile.controlRuns), "--property-time", CONTROL_PROPERTY_TIME]
            : [];
        const run = await runCli(
          [profile.mode, ...profile.options, ...propertyRuns, "--repeat", "3", ...profile.reference],
          { timeoutMs: 600_000 },
        );
        expect(run.report!.repeat?.flips).toEqual([]);
        expectAllPass(run, profile.referenceNotApplicable);
      }, 900_000);

    for (const fixture of inShard(profile.fixtures)) {
      const expected = [...fixture.breaks].sort();
      const control = isControl(fixture);
      const title = expected.length > 0 ? expected.join(", ") : (fixture.verdict ?? "conformant");
      const repeated = !control && inRepeatSample(profile.fixtures, fixture);
      it(`${fixture.name} → ${title}${control && properties.length > 0 ? ", properties included" : ""}${repeated ? ", --repeat 3 without a flip" : ""}`, async () => {
        const runs =
          control && profile.controlRuns !== undefined
            ? ["--runs", String(profile.controlRuns), "--property-time", CONTROL_PROPERTY_TIME]
            : ["--runs", "0"];
        const run = await runCli(
          fixtureArgs(profile, fixture, [...runs, ...(repeated ? ["--repeat", "3"] : [])]),
        );
        if (repeated) expect(run.report!.repeat?.flips).toEqual([]);
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

    for (const fixture of inShard(profile.propertyFixtures)) {
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
