/**
 * Host and adapter modes: the property-based scenarios find what the fixed ones miss. For each
 * fixture whose defect shows only under particular chunkings, orderings or task texts, the
 * fixed scenarios report it conformant with properties off, and the property alone reports
 * exactly its requirement with a shrunk counterexample and a command that replays it.
 */
import { join } from "node:path";
import { describe, it } from "vitest";
import { ADAPTER_PROPERTY_FIXTURES } from "../../fixtures/adapters/manifest.js";
import { HOST_PROPERTY_FIXTURES } from "../../fixtures/hosts/manifest.js";
import { expectExactlyBroken, expectPropertyFinds } from "./fixture-verdicts.js";
import { runCli, type CliRun } from "./run-cli.js";

/** A fixed seed keeps the test's cases the same from run to run; the properties find each defect from any seed. */
const SEED = "20261130";

// Generous: a fixture host gives up after 5 s, so only a host without a timeout ever reaches it.
const HOST_TIMEOUT = ["--host-timeout", "20000"];

interface Subject {
  mode: "host" | "adapter";
  file: string;
  property: string;
  breaks: readonly string[];
  runs: number;
  /** The mode's options and the target command, after the mode. */
  target: string[];
}

const SUBJECTS: Subject[] = [
  ...HOST_PROPERTY_FIXTURES.map((fixture) => ({
    mode: "host" as const,
    ...fixture,
    target: [...HOST_TIMEOUT, "--", process.execPath, `dist/fixtures/hosts/${fixture.file}.js`, "{adapter}"],
  })),
  ...ADAPTER_PROPERTY_FIXTURES.map((fixture) => ({
    mode: "adapter" as const,
    ...fixture,
    target: ["--", process.execPath, join("dist/fixtures/adapters", `${fixture.file}.js`)],
  })),
];

/** Runs the mode with `options` before the target's own options and command. */
function runMode(subject: Subject, options: string[]): Promise<CliRun> {
  const separator = subject.target.indexOf("--");
  return runCli([
    subject.mode,
    ...subject.target.slice(0, separator),
    ...options,
    ...subject.target.slice(separator),
  ]);
}

describe.concurrent("stdio properties find what the fixed scenarios miss", () => {
  for (const subject of SUBJECTS) {
    it(`${subject.mode} ${subject.file}: the fixed scenarios pass it`, async () => {
      expectExactlyBroken(await runMode(subject, ["--runs", "0"]), { breaks: [] });
    });

    it(`${subject.mode} ${subject.file}: ${subject.property} finds ${subject.breaks.join(", ")} and shrinks it`, async () => {
      const run = await runMode(subject, [
        "--only",
        subject.property,
        "--seed",
        SEED,
        "--runs",
        String(subject.runs),
        "--property-time",
        "120000",
      ]);
      expectPropertyFinds(run, subject, SEED);
    });
  }
});
