/**
 * Every fixture agent, through the real CLI: the report must name exactly the requirements the
 * fixture breaks, no more and no fewer, and the exit code must follow the verdict.
 */
import { describe, expect, it } from "vitest";
import { AGENT_FIXTURES } from "../../fixtures/agents/manifest.js";
import { expectExactlyBroken } from "./fixture-verdicts.js";
import { FIXTURE_PROMPTS, fixtureCommand, runCli } from "./run-cli.js";

/**
 * Deadlines shorter than the defaults, so a fixture that never answers costs 20 s rather than
 * 35 s, and still generous, so a loaded CI machine is slow rather than red. A fixture's own
 * options (all of them option-value pairs) override these.
 */
function withDeadlines(fixtureArgs: readonly string[] = [], runs = "0"): string[] {
  const options = new Map([
    ["--timeout", "10000"],
    ["--startup-timeout", "30000"],
    // Each fixture breaks a fixed scenario's requirement; the properties are proven on their own
    // fixtures (property-fixtures.test.ts) and, with a few cases, on the conformant controls.
    ["--runs", runs],
  ]);
  for (let index = 0; index < fixtureArgs.length; index += 2)
    options.set(fixtureArgs[index]!, fixtureArgs[index + 1]!);
  return [...options].flat();
}

describe.concurrent("agent mode against every fixture agent", () => {
  for (const fixture of AGENT_FIXTURES) {
    const expected = [...fixture.breaks].sort();
    const name = fixture.file ?? `${fixture.script}.json`;
    it(`${name} → ${expected.length === 0 ? (fixture.verdict ?? "conformant") : expected.join(", ")}`, async () => {
      const control = expected.length === 0 && fixture.verdict === undefined;
      const run = await runCli([
        "agent",
        ...FIXTURE_PROMPTS,
        ...withDeadlines(fixture.args, control ? "2" : "0"),
        "--",
        ...fixtureCommand(fixture),
      ]);
      expectExactlyBroken(run, fixture);
      const report = run.report!;
      const verdict = report.verdict;
      if (verdict === "conformant")
        expect(
          report.requirements.filter((result) => result.verdict === "not-tested").map((result) => result.id),
        ).toEqual([]);
      // A failure must come with evidence a person can act on.
      for (const result of report.requirements.filter(
        (entry) => entry.verdict === "fail" || entry.verdict === "warn",
      )) {
        const failing = result.checks.find((check) => check.verdict === "fail")!;
        expect(failing.message.length).toBeGreaterThan(10);
        expect(failing.evidence ?? {}, `${result.id} has no evidence`).not.toEqual({});
      }
    });
  }

  it("requires-auth passes once --auth-method is given", async () => {
    const run = await runCli([
      "agent",
      ...FIXTURE_PROMPTS,
      ...withDeadlines(),
      "--auth-method",
      "fixture-token",
      "--",
      ...fixtureCommand({ script: "requires-auth" }),
    ]);
    expect(run.report?.verdict, run.stdout).toBe("conformant");
    expect(run.exitCode).toBe(0);
  });
});
