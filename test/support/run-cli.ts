/** Runs the built CLI as a real child process, as a user would, and reads its JSON report. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { execa } from "execa";
import type { ConformanceReport } from "../../kit/report/report-types.js";
import { REFERENCE_PROMPT_OPTIONS } from "../../peers/reference/triggers.js";

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
function fixtureClientPath(name: string): string {
  return join(ROOT, "dist/fixture-bundles/clients", `${name}.js`);
}

/** How a fixture client starts: Node, the blob of the SDK snapshot when its bundle reads one, and its program. */
export function fixtureClientStart(name: string): string[] {
  return [process.execPath, ...snapshotOptions("clients", name), fixtureClientPath(name)];
}

/**
 * The bundles that take @agentclientprotocol/sdk from a start-up snapshot instead of building
 * it at every start (scripts/bundle-fixtures.mjs): they run with the blob it names.
 */
function snapshotOptions(kind: "agents" | "clients", file: string): string[] {
  snapshotListings[kind] ??= (
    JSON.parse(readFileSync(join(ROOT, "dist/fixture-bundles", kind, "sdk-snapshot.json"), "utf8")) as {
      users: Record<string, string>;
    }
  ).users;
  const blob = snapshotListings[kind][`${file}.js`];
  return blob === undefined ? [] : ["--snapshot-blob", join(ROOT, "dist/fixture-bundles", kind, blob)];
}
const snapshotListings: Partial<Record<"agents" | "clients", Record<string, string>>> = {};

/** The command line that runs a fixture: a program from dist/, or a peer script through the scripted peer. */
export function fixtureCommand(fixture: { file?: string; script?: string }): string[] {
  if (fixture.file)
    return [process.execPath, ...snapshotOptions("agents", fixture.file), fixturePath(fixture.file)];
  return [
    process.execPath,
    join(ROOT, "dist/peers/peer-process.js"),
    "agent",
    "--script",
    join(ROOT, "fixtures/scripts", `${fixture.script}.json`),
  ];
}

/** The prompts that steer fixture agents (the reference agent's documented triggers). */
export const FIXTURE_PROMPTS = REFERENCE_PROMPT_OPTIONS;

/**
 * Short agent deadlines and the two steering prompts a hung or hostile agent meets first: for
 * tests of how quickly, and how, the kit gives up on one.
 */
export const QUICK_AGENT_ARGS = [
  "--timeout",
  "2000",
  "--startup-timeout",
  "3000",
  "--close-grace",
  "1000",
  "--prompt",
  "acp-conformance: say hello",
  "--cancel-prompt",
  "acp-conformance: long turn",
];

export interface CliRun {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  report: ConformanceReport | undefined;
}

/**
 * A place of its own for one run of the kit: the working directory it runs in (a user's
 * project, where a client under test starts its sessions), its TMPDIR, its HOME (where the
 * reference agent keeps its sessions, as real agents do) and the report. Everything goes
 * afterwards; the working directory and TMPDIR must be empty by then, so every test that runs
 * the kit also checks that it left nothing behind.
 */
export interface RunPlace {
  cwd: string;
  tmpdir: string;
  home: string;
  reportPath: string;
  /** What the kit left in its working directory and its TMPDIR (empty when it cleaned up). */
  leftBehind(): string[];
  remove(): void;
}

export function makeRunPlace(): RunPlace {
  const dir = mkdtempSync(join(tmpdir(), "acp-conformance-test-"));
  const place = {
    cwd: join(dir, "cwd"),
    tmpdir: join(dir, "tmp"),
    home: join(dir, "home"),
    reportPath: join(dir, "report.json"),
    leftBehind: () => [
      ...readdirSync(place.cwd).map((name) => `${name} in its working directory`),
      ...readdirSync(place.tmpdir).map((name) => `${name} in its TMPDIR`),
    ],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  for (const made of [place.cwd, place.tmpdir, place.home]) mkdirSync(made);
  return place;
}

const MODES = ["agent", "client", "adapter", "host", "runtime"];

/**
 * Runs `acp-conformance <args>` in a place of its own (makeRunPlace), with a JSON report for
 * a mode's run, and throws when the kit left a file in its working directory or its TMPDIR.
 */
export async function runCli(
  args: string[],
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const place = makeRunPlace();
  try {
    const [mode, ...rest] = args;
    // Two jobs per kit: several kits run at once, and CI has two cores.
    const withReport =
      mode !== undefined && MODES.includes(mode)
        ? [mode, "--report-json", place.reportPath, "--jobs", "2", ...rest]
        : args;
    const result = await execa(process.execPath, [CLI, ...withReport], {
      reject: false,
      timeout: options.timeoutMs ?? 170_000,
      env: { NO_COLOR: "1", TMPDIR: place.tmpdir, HOME: place.home, ...options.env },
      cwd: place.cwd,
    });
    const leftBehind = place.leftBehind();
    if (leftBehind.length > 0)
      throw new Error(`acp-conformance ${args.join(" ")} left ${leftBehind.join(", ")}`);
    const report = existsSync(place.reportPath)
      ? (JSON.parse(readFileSync(place.reportPath, "utf8")) as ConformanceReport)
      : undefined;
    return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, report };
  } finally {
    place.remove();
  }
}

/** Requirement ids the report counts against the target (fail, or warn for SHOULD). */
export function failingIds(report: ConformanceReport): string[] {
  return report.requirements
    .filter((result) => result.verdict === "fail" || result.verdict === "warn")
    .map((result) => result.id)
    .sort();
}

/**
 * `path` as a relative path from the working directory runCli gives the kit (every such
 * directory is two levels under the OS's temporary directory): for a test of how the kit
 * resolves a relative command against the user's directory.
 */
export function relativeToRunCwd(path: string): string {
  return relative(join(tmpdir(), "acp-conformance-test-X", "cwd"), path);
}
