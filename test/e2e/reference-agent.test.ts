/** The README's promise: `npx acp-conformance agent` reports the bundled reference agent conformant. */
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

describe("the bundled reference agent", () => {
  it("is conformant on every requirement, with nothing left untested", async () => {
    // A few cases per property: enough to prove the reference agent holds them, cheap in CI.
    const run = await runCli(["agent", "--runs", "2"]);
    expect(run.stderr).toBe("");
    expect(run.exitCode, run.stdout).toBe(0);
    const report = run.report!;
    expect(reportSchemaErrors(report)).toBe("");
    expect(report.verdict).toBe("conformant");
    expect(report.target.bundled).toBe(true);
    expect(report.target.info).toMatchObject({ name: "acp-conformance-reference-agent" });
    expect(
      report.requirements.filter((result) => result.verdict !== "pass").map((result) => result.id),
    ).toEqual([]);
    expect(report.properties.map((property) => [property.id, property.verdict, property.runs])).toEqual(
      ["split-frames", "coalesced-frames", "id-round-trip", "prompt-content", "cancel-anywhere"].map(
        (name) => [`agent.property.${name}`, "pass", 2],
      ),
    );
    expect(run.stdout).toMatch(/VERDICT: conformant/);
    expect(run.stdout).toMatch(
      new RegExp(`agent\\.property\\.split-frames 2 case\\(s\\), seed ${report.seed}`),
    );
    // Grouped by area on the terminal.
    expect(run.stdout).toMatch(/\nframing\n/);
    expect(run.stdout).toMatch(/\ncleanup\n/);
  });

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
      "dist/fixtures/agents/conformant.js",
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
