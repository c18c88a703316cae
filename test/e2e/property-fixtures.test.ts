/**
 * The property-based scenarios find what the fixed ones miss: for each fixture whose defect
 * shows only under particular chunkings or orderings, the fixed scenarios report it
 * conformant, the property reports exactly its requirement with a shrunk counterexample, and
 * the printed replay command reproduces that counterexample.
 */
import { describe, expect, it } from "vitest";
import { PROPERTY_FIXTURES } from "../../fixtures/agents/manifest.js";
import { expectExactlyBroken, expectPropertyFinds } from "./fixture-verdicts.js";
import { FIXTURE_PROMPTS, fixtureCommand, runCli } from "./run-cli.js";

/** A fixed seed keeps the test's cases the same from run to run; the properties find each defect from any seed. */
const SEED = "20261130";

describe.concurrent("properties find what the fixed scenarios miss", () => {
  for (const fixture of PROPERTY_FIXTURES) {
    const command = fixtureCommand({ file: fixture.file });

    it(`${fixture.file}: the fixed scenarios pass it`, async () => {
      const run = await runCli([
        "agent",
        ...FIXTURE_PROMPTS,
        "--timeout",
        "10000",
        "--runs",
        "0",
        "--",
        ...command,
      ]);
      expectExactlyBroken(run, { breaks: [] });
    });

    it(`${fixture.file}: ${fixture.property} finds ${fixture.breaks.join(", ")} and shrinks it`, async () => {
      const run = await runCli([
        "agent",
        ...FIXTURE_PROMPTS,
        "--timeout",
        "10000",
        "--only",
        fixture.property,
        "--seed",
        SEED,
        "--runs",
        String(fixture.runs),
        "--property-time",
        "120000",
        "--",
        ...command,
      ]);
      expectPropertyFinds(run, fixture, SEED);
    });
  }

  it("the replay command reproduces the counterexample without searching", async () => {
    const fixture = PROPERTY_FIXTURES.find((entry) => entry.file === "drops-second-of-two")!;
    const command = fixtureCommand({ file: fixture.file });
    const found = (
      await runCli([
        "agent",
        "--timeout",
        "10000",
        "--only",
        fixture.property,
        "--seed",
        SEED,
        "--runs",
        String(fixture.runs),
        "--property-time",
        "120000",
        "--",
        ...command,
      ])
    ).report!.properties[0]!;
    expect(found.verdict).toBe("fail");
    // The printed command, as a user would paste it (its target is the same fixture command).
    const words = found.replay!.split(" ");
    expect(words.slice(0, 3)).toEqual(["npx", "acp-conformance", "agent"]);
    const replayed = (
      await runCli([...words.slice(2, words.indexOf("--")), "--timeout", "10000", "--", ...command])
    ).report!.properties[0]!;
    expect(replayed).toMatchObject({
      verdict: "fail",
      runs: 1,
      shrinks: 0,
      path: found.path,
      counterexample: found.counterexample,
      message: expect.stringContaining("replayed counterexample"),
    });
  });

  it("a property that ran no case within its budget is not tested, never passed", async () => {
    const run = await runCli([
      "agent",
      "--only",
      "agent.property.coalesced-frames",
      "--property-time",
      "1",
      "--",
      ...fixtureCommand({ file: "conformant" }),
    ]);
    const [property] = run.report!.properties;
    expect(property).toMatchObject({ verdict: "not-tested", runs: 0 });
    expect(
      run.report!.requirements.find((result) => result.id === "agent.framing.accepts-coalesced-frames")!
        .verdict,
    ).toBe("not-tested");
    expect(run.exitCode).toBe(1);
  });
});
