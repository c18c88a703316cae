/**
 * Hostile agents cannot hang, crash or outlast the kit: each is reported under the right area,
 * the run ends well within its deadline, and nothing it started is left running. Each runs the
 * one scenario that meets its hostility (--only), so the run is cheap and the expected set exact.
 */
import { randomUUID } from "node:crypto";
import { processesTagged } from "../support/process-tags.js";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { QUICK_AGENT_ARGS, ROOT, failingIds, runCli } from "../support/run-cli.js";

interface HostileAgent {
  file: string;
  scenario: string;
  breaks: string[];
  /** Generous: a loaded machine is slow, and a hang would still blow through it. */
  deadlineMs: number;
  /** Options that override the defaults below (a repeated option's last value wins). */
  args?: string[];
}

const HOSTILE: HostileAgent[] = [
  {
    file: "never-reads-stdin",
    scenario: "agent.initialization.version-1",
    // Its stdin's end is the preflight's to judge too, and it ignores that as it ignores the rest.
    breaks: ["agent.timeouts.initialize", "agent.cleanup.exits-on-stdin-close"],
    deadlineMs: 60_000,
  },
  {
    file: "stops-reading-stdin",
    scenario: "agent.limits.prompt-16mib",
    breaks: ["agent.limits.prompt-16mib", "agent.cleanup.exits-on-stdin-close"],
    deadlineMs: 60_000,
  },
  {
    file: "closes-stdout-keeps-running",
    scenario: "agent.cleanup.stdin-close",
    // Nothing it says can be read, but how it ends needs no answer: it ignores stdin's end too.
    breaks: ["agent.timeouts.initialize", "agent.cleanup.exits-on-stdin-close"],
    deadlineMs: 60_000,
  },
  {
    file: "ignores-sigterm",
    scenario: "agent.cleanup.stdin-close",
    breaks: ["agent.cleanup.exits-on-stdin-close"],
    deadlineMs: 60_000,
  },
  {
    file: "forks-hundred-children",
    scenario: "agent.cleanup.stdin-close",
    breaks: ["agent.cleanup.no-surviving-descendants"],
    deadlineMs: 90_000,
    args: ["--timeout", "15000"],
  },
  {
    file: "exits-mid-frame",
    scenario: "agent.framing.crlf-line-ends",
    breaks: ["agent.framing.accepts-crlf", "agent.framing.stdout-only-jsonrpc"],
    deadlineMs: 60_000,
  },
  {
    file: "writes-nul-bytes",
    scenario: "agent.initialization.version-1",
    breaks: ["agent.framing.stdout-only-jsonrpc"],
    deadlineMs: 60_000,
  },
  {
    file: "tiny-frame-flood",
    scenario: "agent.cancellation.cancel-during-turn",
    breaks: [],
    deadlineMs: 60_000,
  },
];

describe.skipIf(process.platform !== "linux")("hostile agents", { concurrent: true }, () => {
  for (const hostile of HOSTILE) {
    it(`${hostile.file}: ${hostile.breaks.join(", ") || "nothing broken"}, within ${hostile.deadlineMs / 1000} s, nothing left running`, async () => {
      const tag = randomUUID();
      const started = performance.now();
      const run = await runCli(
        [
          "agent",
          "--runs",
          "0",
          ...QUICK_AGENT_ARGS,
          "--env",
          `ACP_CONFORMANCE_TEST_TAG=${tag}`,
          "--only",
          hostile.scenario,
          ...(hostile.args ?? []),
          "--",
          process.execPath,
          join(ROOT, "dist/fixtures/agents/hostile", `${hostile.file}.js`),
        ],
        { timeoutMs: hostile.deadlineMs },
      );
      const elapsed = performance.now() - started;
      try {
        expect(run.stderr).toBe("");
        expect(failingIds(run.report!), run.stdout).toEqual([...hostile.breaks].sort());
        expect(elapsed).toBeLessThan(hostile.deadlineMs);
        expect(processesTagged(tag)).toEqual([]);
      } finally {
        for (const pid of processesTagged(tag)) process.kill(pid, "SIGKILL");
      }
    });
  }
});
