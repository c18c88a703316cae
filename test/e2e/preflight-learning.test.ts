/**
 * What the preflights learn, through the real CLI with properties on: a basic shown broken ends
 * every scenario at once (not tested, saying why), and a defect already shown is not waited out
 * again in every scenario and property case, with the run saying so. The agents and clients
 * here are the timing defects of fixtures/agents/timing and fixtures/clients/timing (the
 * time-to-verdict bench runs them whole).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QUICK_AGENT_ARGS, ROOT, failingIds, fixtureCommand, runCli } from "../support/run-cli.js";

const adapter = (file: string) => [process.execPath, join(ROOT, "dist/fixtures/adapters", `${file}.js`)];
// From their bundles, as the bench runs them: most are the reference tweaked, and take the SDK from the snapshot.
const timingAgent = (file: string) => fixtureCommand({ file: `timing/${file}` });
const timingClient = (file: string) => [
  process.execPath,
  join(ROOT, "dist/fixtures/clients/timing", `${file}.js`),
  "{agent}",
];
const only = (...ids: string[]) => ids.flatMap((id) => ["--only", id]);
const host = (file: string) => [
  process.execPath,
  join(ROOT, "dist/fixtures/hosts", `${file}.js`),
  "{adapter}",
];

describe.concurrent("what the preflight learns", () => {
  it("an adapter that never finishes a task: only finishes-in-time fails, the rest (property included) is not tested with the reason", async () => {
    const run = await runCli(["adapter", "--timeout", "2000", "--runs", "3", "--", ...adapter("hangs")]);
    const report = run.report!;
    expect(failingIds(report)).toEqual(["adapter.timeouts.finishes-in-time"]);
    const property = report.requirements.find((result) => result.id === "adapter.events.exit-code-agrees")!;
    expect(property.verdict).toBe("not-tested");
    expect(JSON.stringify(property.checks)).toContain(
      "did not finish an ordinary task within --timeout (2000 ms)",
    );
    expect(JSON.stringify(report)).toContain("a longer --timeout");
  });

  it("an adapter that lingers: later runs and the property's cases are stopped once silent, and say their exit codes went unjudged", async () => {
    const run = await runCli([
      "adapter",
      "--close-grace",
      "1000",
      "--runs",
      "3",
      "--",
      ...adapter("lingers-after-output"),
    ]);
    expect(failingIds(run.report!)).toEqual(["adapter.cleanup.exits-after-work"]);
    const property = run.report!.properties.find((result) => result.id === "adapter.property.task-content")!;
    expect(property.verdict).toBe("pass");
    expect(property.message).toMatch(
      /3 case\(s\) were stopped 50 ms after the adapter's last line.*not judged/,
    );
    const exitCode = run.report!.requirements.find(
      (result) => result.id === "adapter.events.exit-code-agrees",
    )!;
    expect(exitCode.checks.find((check) => check.scenario === "preflight")?.verdict).toBe("pass");
    expect(
      exitCode.checks.filter(
        (check) =>
          check.verdict === "not-tested" && check.message.includes("since the preflight saw it linger"),
      ).length,
    ).toBeGreaterThan(0);
  });

  it("a lingering adapter that is slow to start is not stopped before its first line", async () => {
    // Half a second of silence before every first line, then the reference behaviour, then a 3 s linger.
    const directory = mkdtempSync(join(tmpdir(), "acp-conformance-slow-start-"));
    const script = join(directory, "slow-start-lingers.mjs");
    writeFileSync(
      script,
      `let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => setTimeout(() => {
  const { protocolVersion } = JSON.parse(input);
  if (protocolVersion !== 1) console.log(JSON.stringify({ type: "error", message: "unsupported protocolVersion" }));
  else console.log(JSON.stringify({ type: "message", text: "done" }));
  setTimeout(() => process.exit(protocolVersion === 1 ? 0 : 1), 3000);
}, 800));
`,
    );
    try {
      const run = await runCli([
        "adapter",
        "--close-grace",
        "1000",
        "--runs",
        "0",
        "--",
        process.execPath,
        script,
      ]);
      expect(failingIds(run.report!)).toEqual(["adapter.cleanup.exits-after-work"]);
      const refused = run.report!.requirements.find(
        (result) => result.id === "adapter.events.rejects-unsupported-version",
      )!;
      expect(refused.verdict).toBe("pass");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("an adapter whose helper outlives it: later runs list survivors as it exits, and say why", async () => {
    const run = await runCli(["adapter", "--runs", "2", "--", ...adapter("leaks-grandchild")]);
    expect(failingIds(run.report!)).toEqual(["adapter.cleanup.no-descendants"]);
    const checks = run.report!.requirements.find(
      (result) => result.id === "adapter.cleanup.no-descendants",
    )!.checks;
    expect(checks.find((check) => check.scenario === "preflight")?.verdict).toBe("fail");
    expect(
      checks.filter((check) => check.message.includes("the kit did not wait for them again")).length,
    ).toBeGreaterThan(0);
  });

  it("a host that never starts the adapter: every scenario ends at once, not tested, naming the cause", async () => {
    const run = await runCli(["host", "--runs", "3", "--", ...host("never-starts-adapter")]);
    const report = run.report!;
    expect(failingIds(report)).toEqual(["host.framing.one-envelope-then-eof"]);
    expect(report.requirements.filter((result) => result.verdict === "pass")).toEqual([]);
    const timeout = report.requirements.find((result) => result.id === "host.timeouts.kills-hung-adapter")!;
    expect(timeout.checks[0]!.message).toContain("the host never started the kit's adapter in the preflight");
    // Each scenario stopped before it started the host (the preflight's run is the only one).
    expect(
      report.scenarios.every((scenario) => scenario.message?.includes("never started the kit's adapter")),
    ).toBe(true);
  });

  it("a host that keeps stdin open: the kit's adapter waits for EOF in the preflight only", async () => {
    const run = await runCli(["host", "--runs", "2", "--", ...host("keeps-stdin-open")]);
    expect(failingIds(run.report!)).toEqual(["host.framing.one-envelope-then-eof"]);
    const checks = run.report!.requirements.find(
      (result) => result.id === "host.framing.one-envelope-then-eof",
    )!.checks;
    expect(checks.find((check) => check.scenario === "preflight")?.message).toBe(
      "the envelope: stdin was not closed after the envelope line",
    );
    expect(
      checks.filter((check) => check.message.includes("here it went on at once")).length,
    ).toBeGreaterThan(0);
  });

  it("an agent that never answers initialize: the preflight waits --startup-timeout, not that and --timeout too", async () => {
    const run = await runCli([
      "agent",
      ...QUICK_AGENT_ARGS,
      ...only("agent.initialization.version-1"),
      "--",
      ...timingAgent("never-answers-initialize"),
    ]);
    const deadline = run.report!.requirements.find((result) => result.id === "agent.timeouts.initialize")!;
    const seen = deadline.checks.find((check) => check.scenario === "preflight")!;
    expect(seen.verdict).toBe("fail");
    // The wait is the startup deadline (3000 ms), give or take a timer's tick, far from 3000 + 2000.
    expect(Number(/not answered within (\d+) ms/.exec(seen.message)?.[1])).toBeLessThan(4_000);
    expect(JSON.stringify(run.report)).toContain(
      "a longer --startup-timeout, if the agent needs more than 3000 ms",
    );
  });

  it("an agent that never answers session/prompt: the preflight's turn fails it once, and no later turn is waited for", async () => {
    const run = await runCli([
      "agent",
      ...QUICK_AGENT_ARGS,
      "--runs",
      "3",
      ...only(
        "agent.prompt.plain-turn",
        "agent.cancellation.cancel-during-turn",
        "agent.property.prompt-content",
      ),
      "--",
      ...timingAgent("never-answers-prompt"),
    ]);
    const report = run.report!;
    expect(failingIds(report)).toEqual([
      "agent.prompt.answered-with-stop-reason",
      "agent.timeouts.request-answered",
    ]);
    const stopReason = report.requirements.find(
      (result) => result.id === "agent.prompt.answered-with-stop-reason",
    )!;
    expect(stopReason.checks.find((check) => check.scenario === "preflight")?.verdict).toBe("fail");
    // Every scenario with a turn ended at once, saying why and what would let it run.
    for (const scenario of report.scenarios)
      expect(scenario.message, scenario.id).toContain(
        "did not answer session/prompt in the preflight's turn",
      );
    expect(JSON.stringify(report)).toContain(
      "a longer --timeout, if the agent's turns take longer than 2000 ms",
    );
  });

  it.each([
    ["v2-never-acknowledges-prompt", [], "did not acknowledge session/prompt in the preflight's turn"],
    [
      "v2-never-goes-idle",
      ["agent.v2.prompt.ends-idle-with-stop-reason"],
      "never went idle after acknowledging session/prompt in the preflight's turn",
    ],
  ] as const)(
    "a v2 agent whose turns never end (%s): the preflight's turn shows it once, and no later turn is waited for",
    async (file, failsInPreflight, reason) => {
      const run = await runCli([
        "agent",
        "--protocol-version",
        "2",
        ...QUICK_AGENT_ARGS,
        "--runs",
        "3",
        ...only(
          "agent.v2.prompt.session-life",
          "agent.v2.cancellation.cancel-turn",
          "agent.v2.prompt.content",
        ),
        "--",
        ...timingAgent(file),
      ]);
      const report = run.report!;
      const inPreflight = report.requirements.filter((result) =>
        result.checks.some((check) => check.scenario === "preflight" && check.verdict === "fail"),
      );
      expect(inPreflight.map((result) => result.id).sort()).toEqual(
        [
          ...failsInPreflight,
          ...(file === "v2-never-acknowledges-prompt" ? ["agent.timeouts.request-answered"] : []),
        ].sort(),
      );
      for (const scenario of report.scenarios) expect(scenario.message, scenario.id).toContain(reason);
      expect(JSON.stringify(report)).toContain(
        "a longer --timeout, if the agent's turns take longer than 2000 ms",
      );
    },
  );

  it("an agent that ignores its stdin's end: the preflight fails it, and the cleanup scenario does not wait for it again", async () => {
    const run = await runCli([
      "agent",
      ...QUICK_AGENT_ARGS,
      "--runs",
      "0",
      ...only("agent.cleanup.stdin-close", "agent.prompt.plain-turn"),
      "--",
      ...timingAgent("ignores-stdin-end"),
    ]);
    expect(failingIds(run.report!)).toEqual(["agent.cleanup.exits-on-stdin-close"]);
    const checks = run.report!.requirements.find(
      (result) => result.id === "agent.cleanup.exits-on-stdin-close",
    )!.checks;
    expect(checks.map((check) => [check.scenario, check.verdict])).toEqual([
      ["preflight", "fail"],
      ["agent.cleanup.stdin-close", "not-tested"],
    ]);
    expect(checks[1]!.message).toContain("not waited for again");
  });

  it("an agent that answers session/new under ids it was never sent: each wait ends on its answer, and the properties do not start", async () => {
    const run = await runCli([
      "agent",
      ...QUICK_AGENT_ARGS,
      "--runs",
      "3",
      ...only("agent.framing.coalesced-writes", "agent.property.coalesced-frames"),
      "--",
      ...timingAgent("answers-session-new-unpaired"),
    ]);
    const report = run.report!;
    expect(failingIds(report)).toEqual(["agent.jsonrpc.one-response-per-request"]);
    const coalesced = report.scenarios.find((scenario) => scenario.id === "agent.framing.coalesced-writes")!;
    // Stopped on the unpaired answers to the three requests written together, not on a timeout.
    expect(coalesced.message).toContain("which the kit never sent");
    const property = report.scenarios.find((scenario) => scenario.id === "agent.property.coalesced-frames")!;
    expect(property.message).toContain("the agent created no session in the preflight");
  });

  it.each([1, 2])(
    "a client that never sends initialize (v%i): every scenario ends at once, not tested, naming the cause",
    async (version) => {
      const run = await runCli([
        "client",
        "--protocol-version",
        String(version),
        "--runs",
        "3",
        "--",
        ...timingClient("never-initializes"),
      ]);
      const report = run.report!;
      expect(run.exitCode).toBe(1);
      expect(report.verdict).toBe("incomplete");
      // Before, runs it never spoke in passed checks of what it was never sent (a 16 MiB frame, version 999).
      expect(
        report.requirements.filter((result) => ["pass", "fail", "warn"].includes(result.verdict)),
      ).toEqual([]);
      for (const scenario of report.scenarios)
        expect(scenario.message, scenario.id).toContain(
          "the kit's agent received nothing from the client in the preflight's turn (the client exited with code 1",
        );
      expect(report.scenarios[0]!.message).toContain(
        "the client started {agent} but never sent it initialize",
      );
      expect(JSON.stringify(report)).toContain(
        "a command with which the client starts its agent and a turn by itself",
      );
    },
  );

  it("a client that never starts its agent: every scenario ends at once, saying to check where {agent} goes", async () => {
    // It takes {agent} on its command line and ignores it.
    const run = await runCli([
      "client",
      "--runs",
      "1",
      "--",
      process.execPath,
      "-e",
      "process.exit(3)",
      "{agent}",
    ]);
    const report = run.report!;
    expect(report.verdict).toBe("incomplete");
    for (const scenario of report.scenarios)
      expect(scenario.message, scenario.id).toContain(
        "the client never started the kit's agent in the preflight's turn (the client exited with code 3",
      );
    expect(report.scenarios[0]!.message).toContain(
      "check that the command passes {agent} as the agent to run",
    );
  });

  it("a client that stays after its turn: the preflight waits --client-timeout once, later runs stop it once its agent ended, with the verdicts waiting would give", async () => {
    const run = await runCli([
      "client",
      "--client-timeout",
      "5000",
      "--runs",
      "0",
      ...only("client.framing.coalesced-frames", "client.session-matching.foreign-updates"),
      "--",
      ...timingClient("stays-after-turn"),
    ]);
    const report = run.report!;
    // As when each run waited out --client-timeout: the framing check needs the turn to complete
    // (exit 0); the session-matching check reads what the client showed.
    expect(failingIds(report)).toEqual(["client.framing.accepts-coalesced-frames"]);
    const coalesced = report.requirements.find(
      (result) => result.id === "client.framing.accepts-coalesced-frames",
    )!;
    expect(JSON.stringify(coalesced.checks)).toContain(
      "still running 1000 ms after its agent ended (the kit then stopped it: in the preflight it stayed until --client-timeout after its turn)",
    );
  });
});
