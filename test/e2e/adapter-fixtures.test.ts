/** Adapter mode in `npm test`: the reference, every fixture where it fails, every property fixture (fixture-runs.ts). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, relativeToRunCwd, runCli } from "../support/run-cli.js";
import { describeFixtureRuns } from "./fixture-runs.js";

describeFixtureRuns("adapter");

describe("adapter mode's command", () => {
  it("a relative path in the command is resolved against the user's directory", async () => {
    const adapter = relativeToRunCwd(join(ROOT, "dist/fixtures/adapters/conformant.js"));
    expect(adapter).toMatch(/^\.\.\//);
    const run = await runCli(["adapter", "--runs", "0", "--", process.execPath, adapter]);
    expect(run.report?.verdict, run.stdout).toBe("conformant");
  });
});
