/** Runtime mode through the real CLI: the reference runtime is conformant, every fixture runtime fails exactly what it breaks. */
import { describe, it } from "vitest";
import { RUNTIME_FIXTURES } from "../../fixtures/runtimes/manifest.js";
import { expectAllPass, expectExactlyBroken, REFERENCE_CLIENT_NOT_APPLICABLE } from "./fixture-verdicts.js";
import { runCli } from "./run-cli.js";

/** Generous, as in client mode: the acp scenarios' requests then carry timeoutMs 10000. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];

describe.concurrent("runtime mode", () => {
  it("reports the bundled reference runtime conformant", async () => {
    expectAllPass(await runCli(["runtime", ...CLIENT_TIMEOUT]), REFERENCE_CLIENT_NOT_APPLICABLE);
  });

  for (const fixture of RUNTIME_FIXTURES) {
    it(`${fixture.file} → ${fixture.breaks.length === 0 ? "conformant" : [...fixture.breaks].sort().join(", ")}`, async () => {
      expectExactlyBroken(
        await runCli([
          "runtime",
          ...CLIENT_TIMEOUT,
          ...(fixture.args ?? []),
          "--",
          process.execPath,
          `dist/fixtures/runtimes/${fixture.file}.js`,
        ]),
        fixture,
      );
    });
  }
});
