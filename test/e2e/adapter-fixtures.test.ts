/** Adapter mode through the real CLI: the reference adapter is conformant, every fixture adapter fails exactly what it breaks. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTER_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { findRequirement } from "../../kit/requirements/index.js";
import { failingIds, runCli } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

describe.concurrent("adapter mode", () => {
  it("reports the bundled reference adapter conformant", async () => {
    const run = await runCli(["adapter"]);
    expect(run.stderr).toBe("");
    expect(run.exitCode, run.stdout).toBe(0);
    expect(reportSchemaErrors(run.report)).toBe("");
    expect(run.report!.requirements.filter((result) => result.verdict !== "pass").map((result) => result.id)).toEqual([]);
  });

  for (const fixture of ADAPTER_FIXTURES) {
    const expected = [...fixture.breaks].sort();
    it(`${fixture.file} → ${expected.length === 0 ? "conformant" : expected.join(", ")}`, async () => {
      // A relative path in the command works: the kit resolves it against the user's directory.
      const run = await runCli(["adapter", ...(fixture.args ?? []), "--", process.execPath, join("dist/fixtures/adapters", `${fixture.file}.js`)]);
      expect(run.stderr).toBe("");
      const report = run.report!;
      expect(reportSchemaErrors(report)).toBe("");
      expect(failingIds(report), run.stdout).toEqual(expected);
      const mustFails = expected.some((id) => findRequirement(id)!.level === "must");
      const verdict = fixture.verdict ?? (mustFails ? "not-conformant" : "conformant");
      expect(report.verdict).toBe(verdict);
      expect(run.exitCode).toBe(verdict === "conformant" ? 0 : 1);
    });
  }
});
