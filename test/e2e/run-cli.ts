/** Runs the built CLI as a real child process, as a user would, and reads its JSON report. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import type { ConformanceReport } from "../../kit/report/report-types.js";

export const ROOT = resolve(import.meta.dirname, "../..");
export const CLI = join(ROOT, "dist/bin/acp-conformance.js");

/**
 * A fixture agent's program: its bundle (scripts/bundle-fixtures.mjs), the same code with the
 * SDK loaded from one shared chunk instead of a hundred modules, a third less CPU a spawn.
 */
export function fixturePath(name: string): string {
  return join(ROOT, "dist/fixture-bundles/agents", `${name}.js`);
}

/** A fixture client's program (`v2/<name>` for the v2 ones), bundled like the agents. */
export function fixtureClientPath(name: string): string {
  return join(ROOT, "dist/fixture-bundles/clients", `${name}.js`);
}

/** The command line that runs a fixture: a program from dist/, or a peer script through the scripted peer. */
export function fixtureCommand(fixture: { file?: string; script?: string }): string[] {
  if (fixture.file) return [process.execPath, fixturePath(fixture.file)];
  return [
    process.execPath,
    join(ROOT, "dist/peers/peer-process.js"),
    "agent",
    "--script",
    join(ROOT, "fixtures/scripts", `${fixture.script}.json`),
  ];
}

/** The prompts that steer fixture agents (the reference agent's documented triggers). */
export const FIXTURE_PROMPTS = [
  "--prompt",
  "acp-conformance: say hello",
  "--cancel-prompt",
  "acp-conformance: long turn",
  "--permission-prompt",
  "acp-conformance: ask permission",
  "--read-prompt",
  "acp-conformance: read file {path}",
  "--write-prompt",
  "acp-conformance: write file {path}",
  "--terminal-prompt",
  "acp-conformance: run command in {path}",
  "--elicit-prompt",
  "acp-conformance: ask the user",
];

export interface CliRun {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  report: ConformanceReport | undefined;
}

/**
 * Every run gets a TMPDIR of its own, which must be empty once the kit has exited: so each CLI
 * test also checks that the kit left no scratch directory behind.
 */
export async function runCli(
  args: string[],
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-test-"));
  const reportPath = join(dir, "report.json");
  const kitTmpdir = join(dir, "tmp");
  mkdirSync(kitTmpdir);
  try {
    const [mode, ...rest] = args;
    // Two jobs per kit: vitest runs three kits at once, and CI has two cores.
    const withReport =
      mode !== undefined && ["agent", "client", "adapter", "host", "runtime"].includes(mode)
        ? [mode, "--report-json", reportPath, "--jobs", "2", ...rest]
        : args;
    const result = await execa(process.execPath, [CLI, ...withReport], {
      reject: false,
      timeout: options.timeoutMs ?? 170_000,
      env: { NO_COLOR: "1", TMPDIR: kitTmpdir, ...options.env },
      cwd: ROOT,
    });
    const leftBehind = readdirSync(kitTmpdir);
    if (leftBehind.length > 0)
      throw new Error(`acp-conformance ${args.join(" ")} left ${leftBehind.join(", ")} in its TMPDIR`);
    const report = existsSync(reportPath)
      ? (JSON.parse(readFileSync(reportPath, "utf8")) as ConformanceReport)
      : undefined;
    return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Requirement ids the report counts against the target (fail, or warn for SHOULD). */
export function failingIds(report: ConformanceReport): string[] {
  return report.requirements
    .filter((result) => result.verdict === "fail" || result.verdict === "warn")
    .map((result) => result.id)
    .sort();
}
