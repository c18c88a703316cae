/** Host mode through the real CLI: the reference host is conformant, every fixture host fails exactly what it breaks. */
import { describe, expect, it } from "vitest";
import { HOST_FIXTURES } from "../../fixtures/hosts/manifest.js";
import { expectAllPass, expectExactlyBroken } from "./fixture-verdicts.js";
import { runCli } from "./run-cli.js";

// Generous: a fixture host gives up after 5 to 10 s, so only a host without a timeout ever reaches it.
const HOST_TIMEOUT = ["--host-timeout", "20000"];

/**
 * A conformant host must hold the properties too, so it runs a few cases of each; a fixture
 * that breaks a fixed scenario runs none (each case is a real host run, and the properties'
 * own fixtures are in stdio-property-fixtures.test.ts).
 */
const runsFor = (breaks: readonly string[]) => ["--runs", breaks.length === 0 ? "2" : "0"];

describe.concurrent("host mode", () => {
  it("reports the bundled reference host conformant", async () => {
    expectAllPass(await runCli(["host", ...runsFor([])]));
  });

  for (const fixture of HOST_FIXTURES) {
    it(`${fixture.file} → ${fixture.breaks.length === 0 ? "conformant" : [...fixture.breaks].sort().join(", ")}`, async () => {
      expectExactlyBroken(
        await runCli([
          "host",
          ...HOST_TIMEOUT,
          ...runsFor(fixture.breaks),
          "--",
          process.execPath,
          `dist/fixtures/hosts/${fixture.file}.js`,
          "{adapter}",
        ]),
        fixture,
      );
    });
  }

  it("refuses a host command without {adapter}", async () => {
    const run = await runCli(["host", "--", process.execPath, "dist/fixtures/hosts/conformant.js"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/must contain \{adapter\}/);
  });
});
