/**
 * Client mode's properties find what its fixed scenarios miss: for each fixture client whose
 * defect shows only under particular chunkings or orderings, the fixed scenarios report it
 * conformant, and its property reports exactly its requirement with a shrunk counterexample
 * and a replay command.
 */
import { tmpdir } from "node:os";
import { describe, it } from "vitest";
import { CLIENT_PROPERTY_FIXTURES } from "../../fixtures/clients/manifest.js";
import { expectExactlyBroken, expectPropertyFinds } from "./fixture-verdicts.js";
import { fixtureClientPath, runCli } from "./run-cli.js";

/** A fixed seed keeps the test's cases the same from run to run. */
const SEED = "20261130";
/** As in client-fixtures.test.ts: the slowest fixed scenarios wait for a client's own 5 s turn timeout. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];

describe.concurrent("client properties find what the fixed client scenarios miss", () => {
  for (const fixture of CLIENT_PROPERTY_FIXTURES) {
    const command = [
      "--",
      process.execPath,
      fixtureClientPath(fixture.file),
      "{agent}",
      // As in client-fixtures.test.ts: the session to reopen and an extra root, so nothing is left untested.
      "--session",
      "{session}",
      "--add-dir",
      tmpdir(),
    ];

    it(`${fixture.file}: the fixed scenarios pass it`, async () => {
      expectExactlyBroken(await runCli(["client", ...CLIENT_TIMEOUT, "--runs", "0", ...command]), {
        breaks: [],
      });
    });

    it(`${fixture.file}: ${fixture.property} finds ${fixture.breaks.join(", ")} and shrinks it`, async () => {
      const run = await runCli([
        "client",
        ...CLIENT_TIMEOUT,
        "--only",
        fixture.property,
        "--seed",
        SEED,
        "--runs",
        String(fixture.runs),
        "--property-time",
        "120000",
        ...command,
      ]);
      expectPropertyFinds(run, fixture, SEED);
    });
  }
});
