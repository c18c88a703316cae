/**
 * Verdicts that never flip (issue 30), through the real CLI against real fixture processes:
 * --repeat reports a target whose verdict changes between runs as unstable, in every format;
 * and the races that used to flip a verdict each have a fixture that would expose them every
 * time: an update for an idle session that is session-level, not turn output (a control), and a
 * second answer that arrives only as the agent exits (answers-again-on-exit, in the manifest).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ConformanceReport } from "../../kit/report/report-types.js";
import { FIXTURE_PROMPTS, fixtureCommand, runCli } from "../support/run-cli.js";

const outputs = mkdtempSync(join(tmpdir(), "acp-conformance-races-"));
afterAll(() => rmSync(outputs, { recursive: true, force: true }));

const verdictsOf = (report: ConformanceReport, id: string) =>
  report.requirements
    .find((result) => result.id === id)
    ?.checks.map((check) => `${check.scenario}: ${check.verdict}`)
    .sort();

/** The fixture agent `file` through `scenarios` (and the preflight), twice over with --repeat. */
function twoRunsOf(file: string, scenarios: string[]) {
  const only = scenarios.flatMap((id) => ["--only", id]);
  return runCli([
    "agent",
    ...FIXTURE_PROMPTS,
    "--runs",
    "0",
    "--repeat",
    "2",
    ...only,
    "--",
    ...fixtureCommand({ file }),
  ]);
}

describe("verdicts that never flip", { concurrent: true }, () => {
  it("--repeat 3 reports a target whose verdict changes between runs as unstable, naming each run's message, in every format", async () => {
    const files = {
      markdown: join(outputs, "flips.md"),
      junit: join(outputs, "flips.xml"),
      html: join(outputs, "flips.html"),
      baseline: join(outputs, "flips-baseline.yaml"),
    };
    const run = await runCli([
      "agent",
      ...FIXTURE_PROMPTS,
      "--runs",
      "0",
      "--repeat",
      "3",
      "--only",
      "agent.session-matching.concurrent-turns",
      "--env",
      `FLIP_COUNTER_FILE=${join(outputs, "flip-counter")}`,
      "--report-md",
      files.markdown,
      "--junit",
      files.junit,
      "--report-html",
      files.html,
      "--write-baseline",
      files.baseline,
      "--",
      ...fixtureCommand({ file: "races/flips-between-runs" }),
    ]);
    expect(run.exitCode).toBe(1);
    const report = run.report!;
    expect(report.verdict).toBe("unstable");
    expect(report.repeat?.runs).toBe(3);
    expect(report.repeat?.verdicts).toEqual(["incomplete", "not-conformant", "incomplete"]);
    expect(report.repeat?.flips.map((flip) => [flip.id, flip.runs.map((each) => each.verdict)])).toEqual([
      ["agent.framing.stdout-only-jsonrpc", ["pass", "fail", "pass"]],
    ]);
    expect(report.repeat?.flips[0]?.runs[1]?.message).toMatch(/not JSON/);
    expect(run.stdout).toMatch(/VERDICT: unstable: 1 requirement flipped over 3 runs/);
    expect(run.stdout).toMatch(/agent\.framing\.stdout-only-jsonrpc \(must\): pass → fail → pass/);
    expect(readFileSync(files.markdown, "utf8")).toMatch(
      /### Verdicts that changed between the 3 runs \(1\)/,
    );
    expect(readFileSync(files.junit, "utf8")).toMatch(
      /<testcase classname="acp-conformance.repeat" name="agent.framing.stdout-only-jsonrpc">\s*<failure message="verdict changed between runs/,
    );
    expect(readFileSync(files.html, "utf8")).toMatch(
      /<h2 id="flips">Verdicts that changed between the 3 runs/,
    );
    // A baseline from an unstable run would list a failure that comes and goes.
    expect(existsSync(files.baseline)).toBe(false);
    expect(run.stderr).toMatch(/did not write the baseline/);
  });

  it("a session-level update for the idle session is not a turn's output: the isolation checks pass it, run after run", async () => {
    const run = await twoRunsOf("races/touches-idle-sessions", [
      "agent.session-matching.long-and-short-turns",
      "agent.session-matching.concurrent-turns",
    ]);
    const report = run.report!;
    expect(report.repeat?.flips).toEqual([]);
    expect(verdictsOf(report, "agent.session-matching.concurrent-sessions-isolated")).toEqual([
      "agent.session-matching.concurrent-turns: pass",
      "agent.session-matching.long-and-short-turns: pass",
    ]);
    expect(verdictsOf(report, "agent.session-matching.updates-carry-session-id")).not.toContain(
      expect.stringMatching(/fail/),
    );
  });

  it("a second answer written only as the agent exits is caught in every scenario it follows, run after run", async () => {
    const run = await twoRunsOf("answers-again-on-exit", [
      "agent.initialization.version-1",
      "agent.session-matching.unique-ids",
    ]);
    const report = run.report!;
    expect(report.repeat?.flips).toEqual([]);
    expect(verdictsOf(report, "agent.jsonrpc.one-response-per-request")).toEqual([
      "agent.initialization.version-1: fail",
      "agent.session-matching.unique-ids: fail",
      "preflight: fail",
    ]);
  });
});
