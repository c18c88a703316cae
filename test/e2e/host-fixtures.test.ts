/** Host mode through the real CLI: the reference host is conformant, every fixture host fails exactly what it breaks. */
import { describe, expect, it } from "vitest";
import { HOST_FIXTURES } from "../../fixtures/hosts/manifest.js";
import { findRequirement } from "../../kit/requirements/index.js";
import { failingIds, runCli } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

// Generous: a fixture host gives up after 5 to 10 s, so only a host without a timeout ever reaches it.
const HOST_TIMEOUT = ["--host-timeout", "20000"];

describe.concurrent("host mode", () => {
  it("reports the bundled reference host conformant", async () => {
    const run = await runCli(["host"]);
    expect(run.stderr).toBe("");
    expect(run.exitCode, run.stdout).toBe(0);
    expect(reportSchemaErrors(run.report)).toBe("");
    expect(run.report!.requirements.filter((result) => result.verdict !== "pass").map((result) => result.id)).toEqual([]);
  });

  for (const fixture of HOST_FIXTURES) {
    const expected = [...fixture.breaks].sort();
    it(`${fixture.file} → ${expected.length === 0 ? "conformant" : expected.join(", ")}`, async () => {
      const run = await runCli(["host", ...HOST_TIMEOUT, "--", process.execPath, `dist/fixtures/hosts/${fixture.file}.js`, "{adapter}"]);
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
