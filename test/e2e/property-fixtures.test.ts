/**
 * What a property's failure gives a user: the printed replay command reproduces the
 * counterexample, and a property that ran no case is not tested, never passed. (That each
 * property finds its fixture's defect is fixture-runs.ts's; that the fixed scenarios miss it,
 * the corpus tier's.)
 */
import { describe, expect, it } from "vitest";
import { PROPERTY_FIXTURES } from "../../fixtures/agents/manifest.js";
import { fixtureCommand, runCli } from "../support/run-cli.js";
import { PROPERTY_SEED as SEED } from "./fixture-runs.js";

describe.concurrent("a property's counterexample", () => {
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
