/** `acp-conformance list <side> --coverage` through the built CLI, as a user runs it. */
import { describe, expect, it } from "vitest";
import { specCoverage } from "../../kit/requirements/spec-trace/index.js";
import { runCli } from "../support/run-cli.js";

describe.concurrent("list --coverage", () => {
  it("prints the agent side's coverage per spec page, a total, and the gaps with --verbose", async () => {
    const { total } = specCoverage("agent");
    const run = await runCli(["list", "agent", "--coverage"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^page +statements +checked +gaps +excluded +checked of testable$/m);
    expect(run.stdout).toMatch(
      new RegExp(
        `^total +${total.statements} +${total.checked} +${total.gaps} +${total.excluded} +\\d+%$`,
        "m",
      ),
    );
    expect(run.stdout).toMatch(/^session-setup +\d+/m);
    const verbose = await runCli(["list", "agent", "--coverage", "--verbose"]);
    // Every gap on a line of its own: "  <page>#<slug> (<keyword>): <what a check would do>".
    expect(verbose.stdout.match(/^ {2}[a-z-]+#[a-z0-9-]+ \([A-Za-z ]+\): \S/gm)?.length ?? 0).toBe(
      total.gaps,
    );
  });

  it("prints the client side's coverage per spec page, a total, and the gaps with --verbose", async () => {
    const { total } = specCoverage("client");
    const run = await runCli(["list", "client", "--coverage"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^Spec coverage of the client side /m);
    expect(run.stdout).toMatch(/^page +statements +checked +gaps +excluded +checked of testable$/m);
    expect(run.stdout).toMatch(
      new RegExp(
        `^total +${total.statements} +${total.checked} +${total.gaps} +${total.excluded} +\\d+%$`,
        "m",
      ),
    );
    expect(run.stdout).toMatch(/^prompt-turn +\d+/m);
    const verbose = await runCli(["list", "client", "--coverage", "--verbose"]);
    // A gap, listed with its keyword and why it is not checked.
    expect(verbose.stdout).toMatch(/^ {2}agent-plan#plan-replaced \(MUST\): /m);
    const json = await runCli(["list", "client", "--coverage", "--json"]);
    const parsed = JSON.parse(json.stdout) as { coverage: Array<{ side: string; statements: unknown[] }> };
    expect(parsed.coverage.map((side) => side.side)).toEqual(["client"]);
    expect(parsed.coverage[0]!.statements.length).toBe(total.statements);
  });

  it("prints the statements as JSON with --json", async () => {
    const run = await runCli(["list", "agent", "--coverage", "--json"]);
    const parsed = JSON.parse(run.stdout) as { coverage: Array<{ side: string; statements: unknown[] }> };
    expect(parsed.coverage.map((side) => side.side)).toEqual(["agent"]);
    expect(parsed.coverage[0]!.statements.length).toBe(specCoverage("agent").total.statements);
  });

  it("prints the v2 draft's coverage with --protocol-version 2, and v1's without it", async () => {
    const { total } = specCoverage("agent", 2);
    const run = await runCli(["list", "agent", "--coverage", "--protocol-version", "2"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^Spec coverage of the agent side \(ACP v2 \(draft\) docs at /m);
    expect(run.stdout).toMatch(
      new RegExp(`^total +${total.statements} +${total.checked} +${total.gaps} +${total.excluded} +`, "m"),
    );
    expect(run.stdout).toMatch(/^prompt-lifecycle +\d+/m);
    const json = await runCli(["list", "client", "--coverage", "--protocol-version", "2", "--json"]);
    const parsed = JSON.parse(json.stdout) as {
      coverage: Array<{ side: string; protocolVersion: number; statements: unknown[] }>;
    };
    expect(parsed.coverage.map((side) => [side.side, side.protocolVersion])).toEqual([["client", 2]]);
    expect(parsed.coverage[0]!.statements.length).toBe(specCoverage("client", 2).total.statements);
    const v1 = await runCli(["list", "client", "--coverage", "--json"]);
    expect((JSON.parse(v1.stdout) as typeof parsed).coverage[0]!.protocolVersion).toBe(1);
  });

  it("refuses a mode that is not an ACP side", async () => {
    const run = await runCli(["list", "host", "--coverage"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^acp-conformance: --coverage traces the ACP spec/);
  });
});
