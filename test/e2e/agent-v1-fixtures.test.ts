/**
 * The agent v1 profile in `npm test`: the reference, every fixture where it fails and every
 * property fixture (fixture-runs.ts), and how steering changes a verdict.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_PROMPTS, fixtureCommand, runCli } from "../support/run-cli.js";
import { describeFixtureRuns } from "./fixture-runs.js";

describeFixtureRuns("agent-v1");

describe("agent mode with credentials", () => {
  it("requires-auth passes once --auth-method is given", async () => {
    const run = await runCli([
      "agent",
      ...FIXTURE_PROMPTS,
      "--timeout",
      "10000",
      "--runs",
      "0",
      "--auth-method",
      "fixture-token",
      "--",
      ...fixtureCommand({ script: "requires-auth" }),
    ]);
    expect(run.report?.verdict, run.stdout).toBe("conformant");
    expect(run.exitCode).toBe(0);
  });
});
