/** Host mode in `npm test`: the reference, every fixture where it fails, every property fixture (fixture-runs.ts). */
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "../support/run-cli.js";
import { describeFixtureRuns } from "./fixture-runs.js";

describeFixtureRuns("host");

describe("host mode's command", () => {
  it("refuses a host command without {adapter}", async () => {
    const run = await runCli(["host", "--", process.execPath, `${ROOT}/dist/fixtures/hosts/conformant.js`]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/must contain \{adapter\}/);
  });
});
