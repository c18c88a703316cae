/**
 * Client mode's v2 profile through the real CLI (`client --protocol-version 2`): the bundled
 * reference client is conformant, and every v2 fixture client is reported with exactly the
 * requirements it breaks.
 */
import { describe, it } from "vitest";
import { CLIENT_V2_FIXTURES } from "../../fixtures/clients/manifest-v2.js";
import { expectAllPass, expectExactlyBroken } from "./fixture-verdicts.js";
import { fixtureClientPath, runCli } from "./run-cli.js";

/** Generous: the hanging fixture waits out --client-timeout once, and a loaded machine is slow. */
const V2 = ["--protocol-version", "2", "--client-timeout", "20000"];

describe.concurrent("client mode, ACP v2", () => {
  it("reports the bundled reference client conformant", async () => {
    expectAllPass(await runCli(["client", ...V2]));
  });

  for (const fixture of CLIENT_V2_FIXTURES) {
    const name = fixture.breaks.length === 0 ? "conformant" : [...fixture.breaks].sort().join(", ");
    it(`v2/${fixture.file} → ${name}`, async () => {
      const run = await runCli([
        "client",
        ...V2,
        ...(fixture.args ?? []),
        "--",
        process.execPath,
        fixtureClientPath(`v2/${fixture.file}`),
        "{agent}",
      ]);
      expectExactlyBroken(run, fixture);
    });
  }
});
