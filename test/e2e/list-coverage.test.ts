/** `acp-conformance list <side> --coverage` through the built CLI, as a user runs it. */
import { describe, expect, it } from "vitest";
import { specCoverage } from "../../kit/requirements/spec-trace/index.js";
import { runCli } from "./run-cli.js";

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
    // A gap (an MCP server passed in session/new is not checked yet).
    expect(verbose.stdout).toMatch(/^ {2}session-setup#stdio-mcp-supported \(MUST\): /m);
  });

  it("works for the client side, which has no statements yet", async () => {
    const run = await runCli(["list", "client", "--coverage"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("No client statements are traced yet.");
  });

  it("prints the statements as JSON with --json", async () => {
    const run = await runCli(["list", "agent", "--coverage", "--json"]);
    const parsed = JSON.parse(run.stdout) as { coverage: Array<{ side: string; statements: unknown[] }> };
    expect(parsed.coverage.map((side) => side.side)).toEqual(["agent"]);
    expect(parsed.coverage[0]!.statements.length).toBe(specCoverage("agent").total.statements);
  });

  it("refuses a mode that is not an ACP side", async () => {
    const run = await runCli(["list", "host", "--coverage"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^acp-conformance: --coverage traces the ACP spec/);
  });
});
