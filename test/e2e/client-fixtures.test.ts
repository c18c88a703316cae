/**
 * Client mode through the real CLI: the reference client is conformant, every fixture client
 * is reported with exactly the requirements it breaks, and nothing is left running even when
 * the client under test leaks its agent.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_FIXTURES } from "../../fixtures/clients/manifest.js";
import { CLIENT_SCENARIOS } from "../../scenarios/client/index.js";
import { expectAllPass, expectExactlyBroken, REFERENCE_CLIENT_NOT_APPLICABLE } from "./fixture-verdicts.js";
import { ROOT, fixtureClientPath, runCli, type CliRun } from "./run-cli.js";

/** Generous: the slowest scenarios wait for a client's own 5 s turn timeout. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];
/**
 * Each property case is a whole run of the client: the conformant controls run a few cases of
 * every property (which must hold), the faulty fixtures none, since their defects are the fixed
 * scenarios' to find (client-property-fixtures.test.ts covers the properties' own fixtures).
 */
const CONTROL_RUNS = ["--runs", "2", "--property-time", "60000"]; // a budget no loaded machine runs out of before 2 cases
const NO_PROPERTIES = ["--runs", "0"];
/** After {agent}: the session to reopen and an extra root, as the bundled reference client gets them. */
const SESSION_ARGS = ["--session", "{session}", "--add-dir", tmpdir()];
const CLIENT_PROPERTIES = CLIENT_SCENARIOS.filter((scenario) => scenario.property).map(
  (scenario) => scenario.id,
);

/** Every client property ran its cases and held. */
function expectPropertiesHeld(run: CliRun): void {
  expect(CLIENT_PROPERTIES.length).toBeGreaterThan(0);
  expect(
    run.report!.properties.map(({ id, verdict, runs }) => ({ id, verdict, runs })),
    run.stdout,
  ).toEqual(CLIENT_PROPERTIES.map((id) => ({ id, verdict: "pass", runs: 2 })));
}

describe.concurrent("client mode", () => {
  it("reports the bundled reference client conformant, properties included", async () => {
    const run = await runCli(["client", ...CLIENT_TIMEOUT, ...CONTROL_RUNS]);
    expectAllPass(run, REFERENCE_CLIENT_NOT_APPLICABLE);
    expectPropertiesHeld(run);
  });

  for (const fixture of CLIENT_FIXTURES) {
    const control = fixture.breaks.length === 0;
    it(`${fixture.file} → ${control ? "conformant, properties included" : [...fixture.breaks].sort().join(", ")}`, async () => {
      const run = await runCli([
        "client",
        ...CLIENT_TIMEOUT,
        ...(control ? CONTROL_RUNS : NO_PROPERTIES),
        ...(fixture.args ?? []),
        "--",
        process.execPath,
        fixtureClientPath(fixture.file),
        "{agent}",
        ...SESSION_ARGS,
      ]);
      expectExactlyBroken(run, fixture);
      if (control) expectPropertiesHeld(run);
    });
  }

  it("a correct client with no test hook is incomplete, not non-conformant, and is told how to steer it", async () => {
    const run = await runCli([
      "client",
      ...CLIENT_TIMEOUT,
      ...NO_PROPERTIES,
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/clients/cancels-on-ctrl-c.js"),
      "{agent}",
      ...SESSION_ARGS,
    ]);
    expect(run.report?.verdict, run.stdout).toBe("incomplete");
    expect(run.exitCode).toBe(1);
    const cancelled = run.report!.requirements.find(
      (result) => result.id === "client.permission.cancelled-on-cancel",
    );
    expect(cancelled?.verdict).toBe("not-tested");
    expect(cancelled?.unlock).toMatch(/^--cancel-signal SIGINT/);
    const untestedMusts = run.report!.requirements.filter(
      (result) => result.level === "must" && result.verdict === "not-tested",
    );
    expect(untestedMusts.map((result) => result.id)).toEqual(["client.permission.cancelled-on-cancel"]);
    expect(run.report!.requirements.filter((result) => result.verdict === "fail")).toEqual([]);
    expect(run.stdout).toMatch(/VERDICT: incomplete/);
    expect(run.stdout).toContain("not tested: client.permission.cancelled-on-cancel");
  });

  it("a client that shows none of the agent's text leaves foreign updates not tested, not passed", async () => {
    const run = await runCli([
      "client",
      ...CLIENT_TIMEOUT,
      "--runs",
      "1",
      "--only",
      "client.session-matching.ignores-foreign-updates",
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/clients/shows-nothing.js"),
      "{agent}",
    ]);
    const foreign = run.report!.requirements.find(
      (result) => result.id === "client.session-matching.ignores-foreign-updates",
    );
    expect(foreign?.verdict, run.stdout).toBe("not-tested");
    // Both the fixed scenario and the property say why rather than pass.
    expect(foreign!.checks.map((check) => check.verdict)).toEqual(["not-tested", "not-tested"]);
  });

  it("refuses a client command without {agent}", async () => {
    const run = await runCli([
      "client",
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/clients/conformant.js"),
    ]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/must contain \{agent\}/);
  });
});
