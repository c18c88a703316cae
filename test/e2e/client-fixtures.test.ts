/**
 * Client mode through the real CLI: the reference client is conformant, every fixture client
 * is reported with exactly the requirements it breaks, and nothing is left running even when
 * the client under test leaks its agent.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_FIXTURES } from "../../fixtures/clients/manifest.js";
import { expectAllPass, expectExactlyBroken } from "./fixture-verdicts.js";
import { ROOT, runCli } from "./run-cli.js";

/** Generous: the slowest scenarios wait for a client's own 5 s turn timeout. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];

describe.concurrent("client mode", () => {
  it("reports the bundled reference client conformant", async () => {
    expectAllPass(await runCli(["client", ...CLIENT_TIMEOUT]));
  });

  for (const fixture of CLIENT_FIXTURES) {
    it(`${fixture.file} → ${fixture.breaks.length === 0 ? "conformant" : [...fixture.breaks].sort().join(", ")}`, async () => {
      expectExactlyBroken(await runCli(["client", ...CLIENT_TIMEOUT, "--", process.execPath, join(ROOT, "dist/fixtures/clients", `${fixture.file}.js`), "{agent}"]), fixture);
    });
  }

  it("refuses a client command without {agent}", async () => {
    const run = await runCli(["client", "--", process.execPath, join(ROOT, "dist/fixtures/clients/conformant.js")]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/must contain \{agent\}/);
  });
});
