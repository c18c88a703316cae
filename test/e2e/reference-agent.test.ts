/**
 * The bundled reference agent without steering (its conformant run with every property is
 * test/e2e/fixture-runs.ts's reference run): a third-party agent is not assumed to speak the
 * reference's triggers. And the CLI's bundled default as users get it: the tiers' whole-suite
 * reference runs start the same programs from the SDK snapshot (test/support/fixture-profiles.ts),
 * so here the package's own files run, with no command after --.
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

  it.each([
    ["agent", ["agent.initialization.version-1", "agent.prompt.plain-turn"]],
    ["client", ["client.turn.ordinary", "client.framing.split-frames"]],
  ] as const)(
    "with no command, the %s mode's bundled default runs the package's reference and passes",
    async (mode, scenarios) => {
      const run = await runCli([mode, "--runs", "0", ...scenarios.flatMap((id) => ["--only", id])]);
      const report = run.report!;
      expect(report.target.bundled).toBe(true);
      expect(report.target.args.join(" ")).toContain(`peers/reference/${mode}-main.js`);
      expect(
        report.requirements.filter((result) => result.verdict === "fail" || result.verdict === "warn"),
      ).toEqual([]);
      expect(report.requirements.filter((result) => result.verdict === "pass").length).toBeGreaterThan(5);
    },
  );
});
