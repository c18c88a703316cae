/**
 * The client v1 profile in `npm test`: the reference, every fixture where it fails and every
 * property fixture (fixture-runs.ts), and what a client the kit cannot steer gets.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "../support/run-cli.js";
import { describeFixtureRuns } from "./fixture-runs.js";

describeFixtureRuns("client-v1");

/** Generous: the slowest scenarios wait for a client's own 5 s turn timeout. */
const CLIENT_TIMEOUT = ["--client-timeout", "20000"];
const NO_PROPERTIES = ["--runs", "0"];
/** After {agent}: the session to reopen and an extra root, as the bundled reference client gets them. */
const SESSION_ARGS = ["--session", "{session}", "--add-dir", tmpdir()];

describe.concurrent("client mode without steering", () => {
  it("a correct client with no test hook is incomplete, not non-conformant, and is told how to steer it", async () => {
    const run = await runCli([
      "client",
      ...CLIENT_TIMEOUT,
      ...NO_PROPERTIES,
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/clients/cancels-on-ctrl-c.js"),
      "{agent}",
      ...SESSION_ARGS,
    ]);
    expect(run.report?.verdict, run.stdout).toBe("incomplete");
    expect(run.exitCode).toBe(1);
    const cancelled = run.report!.requirements.find(
      (result) => result.id === "client.permission.cancelled-on-cancel",
    );
    expect(cancelled?.verdict).toBe("not-tested");
    expect(cancelled?.unlock).toMatch(/^--cancel-signal SIGINT/);
    const untestedMusts = run.report!.requirements.filter(
      (result) => result.level === "must" && result.verdict === "not-tested",
    );
    expect(untestedMusts.map((result) => result.id)).toEqual(["client.permission.cancelled-on-cancel"]);
    expect(run.report!.requirements.filter((result) => result.verdict === "fail")).toEqual([]);
    expect(run.stdout).toMatch(/VERDICT: incomplete/);
    expect(run.stdout).toContain("not tested: client.permission.cancelled-on-cancel");
  });

  it("a client that shows none of the agent's text leaves foreign updates not tested, not passed", async () => {
    const run = await runCli([
      "client",
      ...CLIENT_TIMEOUT,
      "--runs",
      "1",
      "--only",
      "client.session-matching.ignores-foreign-updates",
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/clients/shows-nothing.js"),
      "{agent}",
    ]);
    const foreign = run.report!.requirements.find(
      (result) => result.id === "client.session-matching.ignores-foreign-updates",
    );
    expect(foreign?.verdict, run.stdout).toBe("not-tested");
    // Both the fixed scenario and the property say why rather than pass.
    expect(foreign!.checks.map((check) => check.verdict)).toEqual(["not-tested", "not-tested"]);
  });

  it("refuses a client command without {agent}", async () => {
    const run = await runCli([
      "client",
      "--",
      process.execPath,
      join(ROOT, "dist/fixtures/clients/conformant.js"),
    ]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/must contain \{agent\}/);
  });
});
