/**
 * Ctrl-C (or SIGTERM) in the middle of a run: the kit must stop every process it started,
 * grandchildren that escaped into their own session included, remove its scratch directories, and
 * exit with code 2.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { processesTagged } from "./process-tags.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ConformanceReport } from "../../kit/report/report-types.js";
import { reportSchemaErrors } from "./report-schema.js";
import { setTimeout as delay } from "node:timers/promises";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLI, ROOT, fixtureCommand } from "./run-cli.js";

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await delay(25);
  }
  return condition();
}

describe.skipIf(process.platform !== "linux")("interrupting the kit", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} stops every process the run started, grandchildren included`, async () => {
      const tag = randomUUID();
      // leaks-grandchild starts a `sleep 300` in its own session from every agent process.
      const reportDir = mkdtempSync(join(tmpdir(), "acp-conformance-interrupt-"));
      const reportPath = join(reportDir, "partial.json");
      const kitTmpdir = join(reportDir, "tmp");
      mkdirSync(kitTmpdir);
      const kit = execa(
        process.execPath,
        [
          CLI,
          "agent",
          "--report-json",
          reportPath,
          "--env",
          `ACP_CONFORMANCE_TEST_TAG=${tag}`,
          "--",
          ...fixtureCommand({ script: "leaks-grandchild" }),
        ],
        {
          reject: false,
          cwd: ROOT,
          env: { NO_COLOR: "1", TMPDIR: kitTmpdir },
        },
      );
      try {
        // Wait for an agent and its escaped grandchild (two tagged processes) to exist.
        expect(await waitUntil(() => processesTagged(tag).length >= 2, 30_000)).toBe(true);
        kit.kill(signal);
        const result = await kit;
        expect(result.exitCode).toBe(2);
        expect(result.stderr).toMatch(
          new RegExp(
            `interrupted by ${signal} after \\d+ of \\d+ scenarios; stopped \\d+ process\\(es\\) the kit started; no verdict; the partial report is marked interrupted`,
          ),
        );
        // What finished before the signal is reported, marked partial.
        const report = JSON.parse(readFileSync(reportPath, "utf8")) as ConformanceReport;
        expect(reportSchemaErrors(report)).toBe("");
        expect(report.verdict).toBe("blocked");
        expect(report.interrupted).toMatchObject({ signal, scenariosTotal: expect.any(Number) });
        expect(report.interrupted!.scenariosFinished).toBe(report.scenarios.length);
        expect(report.blockedReason).toMatch(
          /^interrupted by SIG(INT|TERM) after \d+ of \d+ scenarios; this report is partial$/,
        );
        expect(
          await waitUntil(() => processesTagged(tag).length === 0, 5_000),
          `still alive: ${processesTagged(tag).join(", ")}`,
        ).toBe(true);
        // The scenarios cut short had no chance to remove their scratch directories; the kit must have.
        expect(readdirSync(kitTmpdir)).toEqual([]);
      } finally {
        for (const pid of processesTagged(tag)) process.kill(pid, "SIGKILL");
        kit.kill("SIGKILL");
        rmSync(reportDir, { recursive: true, force: true });
      }
    });
  }

  it("SIGINT in client mode stops the client, its agent and the terminals the client runs for it", async () => {
    const tag = randomUUID();
    const kitTmpdir = mkdtempSync(join(tmpdir(), "acp-conformance-interrupt-"));
    // release-leaves-tree serves terminal/create with real process groups, and its terminal/release
    // kills only the command's own process: the probe's `sleep 30` trees, named by a marker, outlive
    // the release as orphans in no group the kit made, and stay there while the probe waits for them
    // to go (seconds, not the instant a correct client's tree lives). The scan looks at command lines
    // first (cheap) and at the tag only for those.
    const kit = execa(
      process.execPath,
      [
        CLI,
        "client",
        "--only",
        "client.terminal.served-fs-and-terminals",
        "--",
        process.execPath,
        join(ROOT, "dist/fixtures/clients/release-leaves-tree.js"),
        "{agent}",
      ],
      {
        reject: false,
        cwd: ROOT,
        env: { NO_COLOR: "1", TMPDIR: kitTmpdir, ACP_CONFORMANCE_TEST_TAG: tag },
      },
    );
    const terminalRunning = () =>
      readdirSync("/proc").some((pid) => {
        try {
          return (
            /^\d+$/.test(pid) &&
            readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("acp-conformance-probe-") &&
            readFileSync(`/proc/${pid}/environ`, "utf8").includes(`ACP_CONFORMANCE_TEST_TAG=${tag}`)
          );
        } catch {
          return false;
        }
      });
    try {
      expect(await waitUntil(terminalRunning, 60_000)).toBe(true);
      kit.kill("SIGINT");
      const result = await kit;
      expect(result.exitCode).toBe(2);
      expect(
        await waitUntil(() => processesTagged(tag).length === 0, 5_000),
        `still alive: ${processesTagged(tag).join(", ")}`,
      ).toBe(true);
    } finally {
      for (const pid of processesTagged(tag)) process.kill(pid, "SIGKILL");
      kit.kill("SIGKILL");
      rmSync(kitTmpdir, { recursive: true, force: true });
    }
  });
});
