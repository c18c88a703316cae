/**
 * Ctrl-C (or SIGTERM) in the middle of a run: the kit must stop every process it started,
 * grandchildren that escaped into their own session included, remove its scratch directories, and
 * exit with code 2.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { processesTagged } from "../support/process-tags.js";
import { basename, join } from "node:path";
import type { ConformanceReport } from "../../kit/report/report-types.js";
import { reportSchemaErrors } from "../support/report-schema.js";
import { setTimeout as delay } from "node:timers/promises";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLI, ROOT, fixtureCommand, makeRunPlace, type RunPlace } from "../support/run-cli.js";

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await delay(25);
  }
  return condition();
}

/** No process of this test's tag runs (a moment after the kit's exit), and no file is left in the run's cwd or TMPDIR. */
async function expectNothingLeft(place: RunPlace, tag: string): Promise<void> {
  expect(
    await waitUntil(() => processesTagged(tag).length === 0, 5_000),
    `still alive: ${processesTagged(tag).join(", ")}`,
  ).toBe(true);
  expect(place.leftBehind()).toEqual([]);
}

/** Whatever the test's outcome: the kit, its tagged processes and the run's place go. */
function reap(kit: { kill(signal: NodeJS.Signals): unknown }, place: RunPlace, tag: string): void {
  for (const pid of processesTagged(tag)) process.kill(pid, "SIGKILL");
  kit.kill("SIGKILL");
  place.remove();
}

describe.skipIf(process.platform !== "linux")("interrupting the kit", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} stops every process the run started, grandchildren included`, async () => {
      const tag = randomUUID();
      // leaks-grandchild starts a `sleep 300` in its own session from every agent process.
      const place = makeRunPlace();
      const kit = execa(
        process.execPath,
        [
          CLI,
          "agent",
          "--report-json",
          place.reportPath,
          "--env",
          `ACP_CONFORMANCE_TEST_TAG=${tag}`,
          "--",
          ...fixtureCommand({ script: "leaks-grandchild" }),
        ],
        {
          reject: false,
          cwd: place.cwd,
          env: { NO_COLOR: "1", TMPDIR: place.tmpdir, HOME: place.home },
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
        const report = JSON.parse(readFileSync(place.reportPath, "utf8")) as ConformanceReport;
        expect(reportSchemaErrors(report)).toBe("");
        expect(report.verdict).toBe("blocked");
        expect(report.interrupted).toMatchObject({ signal, scenariosTotal: expect.any(Number) });
        expect(report.interrupted!.scenariosFinished).toBe(report.scenarios.length);
        expect(report.blockedReason).toMatch(
          /^interrupted by SIG(INT|TERM) after \d+ of \d+ scenarios; this report is partial$/,
        );
        // The scenarios cut short had no chance to remove their scratch directories; the kit must have.
        await expectNothingLeft(place, tag);
      } finally {
        reap(kit, place, tag);
      }
    });
  }

  /**
   * Client mode, cut short in the middle of scenarios that write files: the probe of the
   * client's fs and terminals (a folder in the client's working directory, files in it, real
   * commands running in the client's terminals) and the agent's write through an fs method the
   * client did not advertise (a file in the kit's scratch space). Nothing may be left in the
   * working directory, in TMPDIR, or running.
   */
  const CLIENT_CUTS = [
    {
      signal: "SIGINT",
      scenario: "client.terminal.served-fs-and-terminals",
      moment: "while the probe's terminals run",
      // release-leaves-tree serves terminal/create with real process groups, and its
      // terminal/release kills only the command's own process: the probe's `sleep 30` trees,
      // named by a marker, outlive the release as orphans in no group the kit made.
      client: "release-leaves-tree",
      ready: (place: RunPlace, tag: string) => probeFolders(place).length > 0 && probeTerminalRunning(tag),
    },
    {
      signal: "SIGTERM",
      scenario: "client.terminal.served-fs-and-terminals",
      moment: "as soon as the probe's folder exists",
      // A client that ends its terminals' commands at once: the folder is there for the whole
      // probe, the commands only a moment, too short a moment to be sure to catch.
      client: "conformant",
      ready: (place: RunPlace) => probeFolders(place).length > 0,
    },
    {
      signal: "SIGTERM",
      scenario: "client.capabilities.fs",
      moment: "once the agent's turn has started",
      client: "conformant",
      ready: (place: RunPlace) => scratchHolds(place, /^capabilities-/) && agentLogged(place),
    },
  ] as const;

  for (const cut of CLIENT_CUTS) {
    it(`${cut.signal} in client mode's ${cut.scenario}, ${cut.moment}, leaves no file and no process`, async () => {
      const tag = randomUUID();
      const place = makeRunPlace();
      const kit = execa(
        process.execPath,
        [
          CLI,
          "client",
          "--only",
          cut.scenario,
          "--",
          process.execPath,
          join(ROOT, `dist/fixtures/clients/${cut.client}.js`),
          "{agent}",
        ],
        {
          reject: false,
          cwd: place.cwd,
          env: { NO_COLOR: "1", TMPDIR: place.tmpdir, HOME: place.home, ACP_CONFORMANCE_TEST_TAG: tag },
        },
      );
      try {
        expect(
          await waitUntil(() => cut.ready(place, tag), 60_000),
          "the moment to interrupt never came",
        ).toBe(true);
        kit.kill(cut.signal);
        const result = await kit;
        expect(result.exitCode, result.stderr).toBe(2);
        await expectNothingLeft(place, tag);
      } finally {
        reap(kit, place, tag);
      }
    });
  }
});

/** The probe's folders in the client's working directory. */
function probeFolders(place: RunPlace): string[] {
  return readdirSync(place.cwd).filter((name) => name.startsWith(".acp-conformance-probe-"));
}

/** A probe command (its shells carry a marker in their command line) runs in a terminal of this test's client. */
function probeTerminalRunning(tag: string): boolean {
  return readdirSync("/proc").some((pid) => {
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
}

/** The kit's scratch root (one per kit process, under its TMPDIR) holds a directory named so. */
function scratchHolds(place: RunPlace, name: RegExp): boolean {
  return scratchDirs(place).some((dir) => name.test(basename(dir)));
}

function scratchDirs(place: RunPlace): string[] {
  return readdirSync(place.tmpdir).flatMap((root) => {
    try {
      return readdirSync(join(place.tmpdir, root)).map((dir) => join(place.tmpdir, root, dir));
    } catch {
      return [];
    }
  });
}

/** The kit's mock agent has logged something: the client started it and the turn is under way. */
function agentLogged(place: RunPlace): boolean {
  return scratchDirs(place).some((dir) => {
    try {
      return basename(dir).startsWith("agent-") && statSync(join(dir, "events.ndjson")).size > 0;
    } catch {
      return false;
    }
  });
}
