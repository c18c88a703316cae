/**
 * Every v2 fixture agent through the real CLI with `--protocol-version 2`: the report names
 * exactly the requirements the fixture breaks, and the exit code follows the verdict. The bundled
 * reference agent, asked for v2, passes every v2 requirement. Fixture runs name the reference's
 * auth/login method, as the CLI does for the bundled agent, so the auth lifecycle is judged.
 */
import { describe, expect, it } from "vitest";
import { AGENT_V2_FIXTURES } from "../../fixtures/agents/manifest-v2.js";
import { expectAllPass, expectExactlyBroken } from "./fixture-verdicts.js";
import { FIXTURE_PROMPTS, fixtureCommand, runCli } from "./run-cli.js";

/** Deadlines as agent-fixtures.test.ts sets them: short enough for CI, generous for a loaded machine. */
const DEADLINES = ["--timeout", "10000", "--startup-timeout", "30000"];

/** The reference's own auth/login method (peers/reference/v2/auth.ts). */
const AUTH_METHOD = ["--auth-method", "reference-login"];

const NOT_APPLICABLE = [] as const;

describe.concurrent("agent mode's v2 profile against every v2 fixture agent", () => {
  for (const fixture of AGENT_V2_FIXTURES) {
    const expected = [...fixture.breaks].sort();
    it(`${fixture.file} → ${expected.length === 0 ? "conformant" : expected.join(", ")}`, async () => {
      const run = await runCli([
        "agent",
        "--protocol-version",
        "2",
        ...FIXTURE_PROMPTS,
        ...DEADLINES,
        ...AUTH_METHOD,
        ...(fixture.args ?? []),
        "--",
        ...fixtureCommand(fixture),
      ]);
      expectExactlyBroken(run, fixture);
      const report = run.report!;
      expect(report.protocol.version).toBe(2);
      if (expected.length === 0) expectAllPass(run, NOT_APPLICABLE);
      for (const result of report.requirements.filter((entry) => entry.verdict === "fail")) {
        const failing = result.checks.find((check) => check.verdict === "fail")!;
        expect(failing.message.length).toBeGreaterThan(10);
        expect(failing.evidence ?? {}, `${result.id} has no evidence`).not.toEqual({});
      }
    });
  }

  it("the bundled reference agent, asked for v2, passes every v2 requirement", async () => {
    const run = await runCli(["agent", "--protocol-version", "2"]);
    expectAllPass(run, NOT_APPLICABLE);
    expect(run.report!.target.info).toMatchObject({ name: "acp-conformance-reference-agent" });
  });
});
