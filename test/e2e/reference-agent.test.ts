/**
 * The bundled reference agent without steering (its conformant run with every property is
 * test/e2e/fixture-runs.ts's reference run): a third-party agent is not assumed to speak the
 * reference's triggers.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "../support/run-cli.js";

describe("the bundled reference agent", () => {
  it("reports untested requirements as not tested when it cannot steer a third-party agent", async () => {
    // The fixture base speaks the same triggers, but without --prompt the kit must not assume so.
    const run = await runCli([
      "agent",
      "--timeout",
      "5000",
      "--runs",
      "0",
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/agents/conformant.js"),
    ]);
    const report = run.report!;
    expect(report.verdict).toBe("incomplete");
    expect(run.exitCode).toBe(1);
    const notTested = report.requirements.filter((result) => result.verdict === "not-tested");
    expect(notTested.map((result) => result.id)).toEqual(
      expect.arrayContaining([
        "agent.prompt.answered-with-stop-reason",
        "agent.cancellation.stop-reason-cancelled",
        "agent.permission.reject-honoured",
        "agent.limits.prompt-16mib",
      ]),
    );
    expect(report.requirements.filter((result) => result.verdict === "fail")).toEqual([]);
    for (const result of notTested) {
      expect(result.checks.map((check) => check.message).join(" ")).toMatch(
        /--(cancel-|permission-|read-|write-|terminal-|elicit-)?prompt/,
      );
      expect(result.unlock, result.id).toMatch(
        /^--(cancel-|permission-|read-|write-|terminal-|elicit-)?prompt <text>/,
      );
    }
    expect(run.stdout).toMatch(/must requirements were not tested/);
  });
});
