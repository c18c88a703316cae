/** A 1 GiB stdout flood without a newline: the kit reads all of it in bounded memory and reports it under limits. */
import { describe, expect, it } from "vitest";
import { fixturePath, runCli } from "../support/run-cli.js";

const MIB = 1024 * 1024;

describe("stdout flood", () => {
  it("costs the kit bounded memory and is reported under agent.limits.stdout-line-bounded", async () => {
    const run = await runCli([
      "agent",
      "--only",
      "agent.limits.json-array",
      "--",
      process.execPath,
      fixturePath("floods-stdout"),
    ]);
    const report = run.report!;
    const result = report.requirements.find((entry) => entry.id === "agent.limits.stdout-line-bounded")!;
    expect(result.verdict).toBe("warn"); // a SHOULD: v1 sets no size limit
    const failing = result.checks.find((check) => check.verdict === "fail")!;
    expect(failing.message).toMatch(/a line of 1073741824 bytes/);
    // The kit's frame limit is 32 MiB; whatever the flood's size, the kit stays far below it.
    expect(report.environment.kitPeakRssBytes).toBeLessThan(256 * MIB);
    // The flood does not derail the scenario: the json-array check still ran and passed.
    expect(
      report.requirements.find((entry) => entry.id === "agent.limits.json-array-survived")!.verdict,
    ).toBe("pass");
  });
});
