/** Adapter mode through the real CLI: the reference adapter is conformant, every fixture adapter fails exactly what it breaks. */
import { join } from "node:path";
import { describe, it } from "vitest";
import { ADAPTER_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { expectAllPass, expectExactlyBroken } from "./fixture-verdicts.js";
import { runCli } from "./run-cli.js";

describe.concurrent("adapter mode", () => {
  it("reports the bundled reference adapter conformant", async () => {
    expectAllPass(await runCli(["adapter"]));
  });

  for (const fixture of ADAPTER_FIXTURES) {
    it(`${fixture.file} → ${fixture.breaks.length === 0 ? "conformant" : [...fixture.breaks].sort().join(", ")}`, async () => {
      // A relative path in the command works: the kit resolves it against the user's directory.
      expectExactlyBroken(await runCli(["adapter", ...(fixture.args ?? []), "--", process.execPath, join("dist/fixtures/adapters", `${fixture.file}.js`)]), fixture);
    });
  }
});
