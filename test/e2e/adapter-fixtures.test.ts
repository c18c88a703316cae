/** Adapter mode through the real CLI: the reference adapter is conformant, every fixture adapter fails exactly what it breaks. */
import { join } from "node:path";
import { describe, it } from "vitest";
import { ADAPTER_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { expectAllPass, expectExactlyBroken } from "./fixture-verdicts.js";
import { runCli } from "./run-cli.js";

/**
 * A conformant adapter must hold the property too, so it runs a few cases; a fixture that
 * breaks a fixed scenario runs none (each case is a real adapter run, and the property's own
 * fixture is in stdio-property-fixtures.test.ts).
 */
const runsFor = (breaks: readonly string[]) => ["--runs", breaks.length === 0 ? "2" : "0"];

describe.concurrent("adapter mode", () => {
  it("reports the bundled reference adapter conformant", async () => {
    expectAllPass(await runCli(["adapter", ...runsFor([])]));
  });

  for (const fixture of ADAPTER_FIXTURES) {
    it(`${fixture.file} → ${fixture.breaks.length === 0 ? "conformant" : [...fixture.breaks].sort().join(", ")}`, async () => {
      // A relative path in the command works: the kit resolves it against the user's directory.
      expectExactlyBroken(
        await runCli([
          "adapter",
          ...(fixture.args ?? []),
          ...runsFor(fixture.breaks),
          "--",
          process.execPath,
          join("dist/fixtures/adapters", `${fixture.file}.js`),
        ]),
        fixture,
      );
    });
  }
});
