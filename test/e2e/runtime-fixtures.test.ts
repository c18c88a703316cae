/** Runtime mode through the real CLI: the reference runtime is conformant, every fixture runtime fails exactly what it breaks. */
import { describe, expect, it } from "vitest";
import { RUNTIME_FIXTURES } from "../../fixtures/runtimes/manifest.js";
import { findRequirement } from "../../kit/requirements/index.js";
import { failingIds, runCli } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

describe.concurrent("runtime mode", () => {
  it("reports the bundled reference runtime conformant", async () => {
    const run = await runCli(["runtime"]);
    expect(run.stderr).toBe("");
    expect(run.exitCode, run.stdout).toBe(0);
    expect(reportSchemaErrors(run.report)).toBe("");
    expect(run.report!.requirements.filter((result) => result.verdict !== "pass").map((result) => result.id)).toEqual([]);
  });

  for (const fixture of RUNTIME_FIXTURES) {
    const expected = [...fixture.breaks].sort();
    it(`${fixture.file} → ${expected.length === 0 ? "conformant" : expected.join(", ")}`, async () => {
      const run = await runCli(["runtime", ...(fixture.args ?? []), "--", process.execPath, `dist/fixtures/runtimes/${fixture.file}.js`]);
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
