/**
 * Baselines gate CI on regressions: a listed failure passes the run, an unlisted one fails
 * it, a listed id that now passes fails it as stale (naming the line), a malformed file is
 * refused with its line number, and --write-baseline writes a file the next run accepts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCommand, runCli } from "../support/run-cli.js";

const ONLY = [
  "--runs",
  "0",
  "--timeout",
  "2000",
  "--only",
  "agent.framing.split-writes",
  "--only",
  "agent.framing.crlf-line-ends",
];
const broken = fixtureCommand({ file: "drops-split-frames" });
const fixed = fixtureCommand({ file: "conformant" });

const work = mkdtempSync(join(tmpdir(), "acp-conformance-baseline-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The runs here test two scenarios only (to stay cheap), so every other MUST requirement is
 * not tested; a baseline lists those too, or no run could pass. This is that list, as
 * --write-baseline writes it for a conformant agent.
 */
let untested = "";
beforeAll(async () => {
  const path = join(work, "untested.yaml");
  await runCli(["agent", ...ONLY, "--write-baseline", path, "--", ...fixed]);
  untested = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .join("\n");
  expect(untested).toContain('  - id: agent.prompt.answered-with-stop-reason\n    reason: "not tested: ');
});

function baselineFile(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

/** A baseline of the untested requirements plus `entries` (lines under expected-failures). */
function withUntested(name: string, entries: string): string {
  return baselineFile(name, `expected-failures:\n${untested}\n${entries}`);
}

describe.concurrent("--baseline", () => {
  it("--write-baseline writes the failures; with it, the same failures pass the run", async () => {
    const path = join(work, "written.yaml");
    const first = await runCli(["agent", ...ONLY, "--write-baseline", path, "--", ...broken]);
    expect(first.exitCode).toBe(1);
    expect(readFileSync(path, "utf8")).toMatch(
      /^ {2}- id: agent\.framing\.accepts-split-frames\n {4}reason: "session\/new written in 7 pieces.+"$/m,
    );
    const second = await runCli(["agent", ...ONLY, "--baseline", path, "--", ...broken]);
    expect(second.exitCode, second.stdout).toBe(0);
    expect(second.report!.verdict).toBe("conformant");
    expect(
      second.report!.requirements.find((result) => result.id === "agent.framing.accepts-split-frames"),
    ).toMatchObject({ verdict: "fail", baselined: true });
    expect(second.report!.baseline!.expected).toContain("agent.framing.accepts-split-frames");
    expect(second.report!.baseline!.stale).toEqual([]);
  });

  it("a failure the baseline does not list fails the run (a regression)", async () => {
    const path = withUntested("other.yaml", "  - agent.framing.accepts-crlf\n");
    const run = await runCli(["agent", ...ONLY, "--baseline", path, "--", ...broken]);
    expect(run.exitCode).toBe(1);
    expect(
      run.report!.requirements.find((result) => result.id === "agent.framing.accepts-split-frames")!
        .baselined,
    ).toBeUndefined();
  });

  it("a scenario id covers what fails in that scenario", async () => {
    const path = withUntested("scenario.yaml", "  - id: agent.framing.split-writes\n    reason: known\n");
    const run = await runCli(["agent", ...ONLY, "--baseline", path, "--", ...broken]);
    expect(run.exitCode, run.stdout).toBe(0);
  });

  it("a listed id that now passes fails the run as stale, naming the line to delete", async () => {
    const path = withUntested("stale.yaml", "  - agent.framing.accepts-split-frames\n");
    const line = readFileSync(path, "utf8").split("\n").indexOf("  - agent.framing.accepts-split-frames") + 1;
    const run = await runCli(["agent", ...ONLY, "--baseline", path, "--", ...fixed]);
    expect(run.exitCode).toBe(1);
    expect(run.report!.verdict).toBe("not-conformant");
    expect(run.report!.baseline!.stale).toEqual([{ id: "agent.framing.accepts-split-frames", line }]);
    expect(run.stdout).toContain(
      `stale baseline: agent.framing.accepts-split-frames now passes; delete line ${line} of ${path}`,
    );
  });

  it("without the untested MUST requirements listed, a partial run does not pass", async () => {
    const path = baselineFile("partial.yaml", "expected-failures:\n  - agent.framing.accepts-split-frames\n");
    const run = await runCli(["agent", ...ONLY, "--baseline", path, "--", ...broken]);
    expect(run.exitCode).toBe(1);
    expect(run.report!.baseline).toMatchObject({
      expected: ["agent.framing.accepts-split-frames"],
      stale: [],
    });
  });

  for (const [name, text, problem] of [
    [
      "unknown id",
      "expected-failures:\n  - agent.framing.accepts-split-frames\n  - agent.no-such-thing\n",
      /:3: "agent\.no-such-thing" is not a requirement or scenario id/,
    ],
    ["not YAML", "expected-failures:\n  - [unclosed\n", /:\d: not valid YAML/],
    [
      "wrong shape",
      "- agent.framing.accepts-crlf\n",
      /:1: a baseline is a mapping with one key, expected-failures/,
    ],
    ["unknown key", "expected-failures: []\nallowed: []\n", /:2: unknown key "allowed"/],
    [
      "listed twice",
      "expected-failures:\n  - agent.framing.accepts-crlf\n  - agent.framing.accepts-crlf\n",
      /:3: "agent\.framing\.accepts-crlf" is listed twice/,
    ],
  ] as const) {
    it(`a malformed baseline is refused with its line number: ${name}`, async () => {
      const path = baselineFile(`${name.replaceAll(" ", "-")}.yaml`, text);
      const run = await runCli(["agent", "--baseline", path, "--", ...fixed]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(`^acp-conformance: ${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${problem.source}`),
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it("a missing baseline file says how to make one", async () => {
    const run = await runCli(["agent", "--baseline", join(work, "nope.yaml"), "--", ...fixed]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/cannot be read; write one with --write-baseline/);
  });
});
