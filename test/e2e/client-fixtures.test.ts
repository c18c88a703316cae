/**
 * Client mode through the real CLI: the reference client is conformant, every fixture client
 * is reported with exactly the requirements it breaks, and nothing is left running even when
 * the client under test leaks its agent.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_FIXTURES } from "../../fixtures/clients/manifest.js";
import { findRequirement } from "../../kit/requirements/index.js";
import { ROOT, failingIds, runCli } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

/** Generous: the slowest scenarios wait for a client's own 5 s turn timeout. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];

describe.concurrent("client mode", () => {
  it("reports the bundled reference client conformant", async () => {
    const run = await runCli(["client", ...CLIENT_TIMEOUT]);
    expect(run.stderr).toBe("");
    expect(run.exitCode, run.stdout).toBe(0);
    expect(reportSchemaErrors(run.report)).toBe("");
    expect(run.report!.requirements.filter((result) => result.verdict !== "pass").map((result) => result.id)).toEqual([]);
  });

  for (const fixture of CLIENT_FIXTURES) {
    const expected = [...fixture.breaks].sort();
    it(`${fixture.file} → ${expected.length === 0 ? "conformant" : expected.join(", ")}`, async () => {
      const run = await runCli(["client", ...CLIENT_TIMEOUT, "--", process.execPath, join(ROOT, "dist/fixtures/clients", `${fixture.file}.js`), "{agent}"]);
      expect(run.stderr).toBe("");
      const report = run.report!;
      expect(reportSchemaErrors(report)).toBe("");
      expect(failingIds(report), run.stdout).toEqual(expected);
      const mustFails = expected.some((id) => findRequirement(id)!.level === "must");
      expect(report.verdict).toBe(mustFails ? "not-conformant" : "conformant");
      expect(run.exitCode).toBe(mustFails ? 1 : 0);
    });
  }

  it("refuses a client command without {agent}", async () => {
    const run = await runCli(["client", "--", process.execPath, join(ROOT, "dist/fixtures/clients/conformant.js")]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/must contain \{agent\}/);
  });
});
