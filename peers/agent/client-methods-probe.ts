/**
 * The mock agent's probeClientMethods action: it makes a fresh directory under the session's
 * cwd (a 5-line file, an empty terminal-cwd/; logged as a `made-path` event before it exists, for
 * the caller to remove whatever happens, and as the `prepared` step, for it to compare with), calls every fs and terminal method the client advertised in
 * initialize on those real files and on real commands, and logs each answer as a probe event
 * (with how long it took) for the scenario to compare with the disk. Its long-running commands
 * are a shell that starts two inner shells named by the script's marker (their `$0`, so it is in
 * their command lines on any system), each waiting on a sleep: a process scan of the command
 * lines shows whether kill and release really ended the command and the children it started.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listProcesses } from "../../kit/process/tree.js";
import type { ObservationLog } from "../observation-log.js";
import type { ClientRequests, Turn } from "./client-requests.js";
import { sleep } from "../sleep.js";

/** What the probe writes in its directory, and what it asks for: shared with the scenario. */
export const PROBE = {
  dirPrefix: ".acp-conformance-probe-",
  linesFile: "lines.txt",
  linesContent: "one\ntwo\nthree\nfour\nfive\n",
  missingFile: "no-such-file.txt",
  writtenFile: "written-by-agent.txt",
  /** A file that exists before the probe overwrites it: a refusal there too is the client's policy, not a missing file. */
  existingFile: "existing.txt",
  existingContent: "overwritten by the agent\n",
  /** Multi-byte text with CRLF line ends and no final newline: the file must hold exactly these bytes. */
  writtenContent: "héllo wörld €\r\n日本語 🎉\r\nlast line, no newline",
  terminalCwd: "terminal-cwd",
  envName: "ACP_CONFORMANCE_PROBE_VALUE",
  envValue: "probe-value-é",
  exitCode: 3,
  outputByteLimit: 100,
  /** START, 100 euro signs (3 bytes each), END: 308 bytes, so a 100-byte limit cuts inside a character. */
  truncationScript:
    "printf START; i=0; while [ $i -lt 100 ]; do printf '\\342\\202\\254'; i=$((i+1)); done; printf END",
  /** What a cut from the start on a character boundary keeps of it: 99 bytes. */
  truncationKept: `${"€".repeat(32)}END`,
  /** How long a scan waits for killed processes to be gone, or for a started tree to show. */
  scanGraceMs: 2_000,
} as const;

/**
 * A command that starts a child in the background and waits on another: the outer shell and
 * both inner ones carry `marker` (three marked processes). `; true` keeps an inner shell from
 * replacing itself with its sleep, which would drop the marker from the command line.
 */
export function sleepingTree(marker: string): string[] {
  const inner = `sh -c 'sleep 30; true' ${marker}`;
  return ["-c", `${inner} & ${inner}; wait`];
}

type Capabilities = { fs?: { readTextFile?: unknown; writeTextFile?: unknown }; terminal?: unknown };

function alive(marker: string): string[] {
  return listProcesses()
    .filter((info) => info.command.includes(marker))
    .map((info) => `${info.pid} ${info.command}`);
}

/** Polls until `done(alive)` or the grace is over; returns the last scan. */
async function scan(marker: string, done: (found: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + PROBE.scanGraceMs;
  let found = alive(marker);
  while (!done(found) && Date.now() < deadline) {
    await sleep(50);
    found = alive(marker);
  }
  return found;
}

/** The probe's directory under the session cwd, with its files; undefined (logged why) when it cannot be made. */
function prepare(log: ObservationLog, sessionCwd: string): string | undefined {
  try {
    // Named here rather than by mkdtemp, so that it is logged before it exists: a run killed
    // between the two still leaves the kit its name to remove. 96 random bits: no one else's.
    const dir = join(sessionCwd, `${PROBE.dirPrefix}${randomBytes(12).toString("hex")}`);
    log.add({ kind: "made-path", path: dir });
    mkdirSync(dir);
    log.add({ kind: "probe", step: "prepared", params: { dir } });
    writeFileSync(join(dir, PROBE.linesFile), PROBE.linesContent);
    writeFileSync(join(dir, PROBE.existingFile), "before the probe\n");
    mkdirSync(join(dir, PROBE.terminalCwd));
    return dir;
  } catch (error) {
    log.add({
      kind: "probe",
      step: "all",
      skipped: `the agent could not prepare files under the session cwd ${sessionCwd} (${(error as Error).message})`,
    });
    return undefined;
  }
}

export async function probeClientMethods(
  requests: ClientRequests,
  log: ObservationLog,
  turn: Turn,
  capabilities: Capabilities,
  spec: { marker: string },
): Promise<void> {
  // Nothing advertised, nothing to call: the session cwd is left untouched.
  if (
    capabilities.fs?.readTextFile !== true &&
    capabilities.fs?.writeTextFile !== true &&
    capabilities.terminal !== true
  )
    return;
  const cwd = prepare(log, turn.cwd);
  if (cwd === undefined) return;
  const sessionId = turn.sessionId;
  const call = async (step: string, method: string, params: Record<string, unknown>) => {
    const started = Date.now();
    const answer = await requests.request(method, { sessionId, ...params });
    const ms = Date.now() - started;
    log.add({ kind: "probe", step, method, params, ms, result: answer.result, error: answer.error });
    return answer.result as Record<string, unknown> | undefined;
  };
  const lines = join(cwd, PROBE.linesFile);
  if (capabilities.fs?.readTextFile === true) {
    await call("read-whole", "fs/read_text_file", { path: lines });
    await call("read-line-2-limit-2", "fs/read_text_file", { path: lines, line: 2, limit: 2 });
    await call("read-line-1-limit-1", "fs/read_text_file", { path: lines, line: 1, limit: 1 });
    await call("read-missing", "fs/read_text_file", { path: join(cwd, PROBE.missingFile) });
  }
  if (capabilities.fs?.writeTextFile === true) {
    await call("write-new", "fs/write_text_file", {
      path: join(cwd, PROBE.writtenFile),
      content: PROBE.writtenContent,
    });
    await call("write-existing", "fs/write_text_file", {
      path: join(cwd, PROBE.existingFile),
      content: PROBE.existingContent,
    });
  }
  if (capabilities.terminal !== true) return;
  await runAndRelease(call, "run", {
    command: "sh",
    args: ["-c", `pwd; printf '%s\\n' "$${PROBE.envName}"; exit ${PROBE.exitCode}`],
    cwd: join(cwd, PROBE.terminalCwd),
    env: [{ name: PROBE.envName, value: PROBE.envValue }],
  });
  await runAndRelease(call, "truncate", {
    command: "sh",
    args: ["-c", PROBE.truncationScript],
    outputByteLimit: PROBE.outputByteLimit,
  });
  await killThenRelease(call, log, `${spec.marker}1`);
  await releaseRunning(call, log, `${spec.marker}2`);
}

type Call = (
  step: string,
  method: string,
  params: Record<string, unknown>,
) => Promise<Record<string, unknown> | undefined>;

async function runAndRelease(call: Call, step: string, create: Record<string, unknown>): Promise<void> {
  const terminalId = (await call(step, "terminal/create", create))?.terminalId;
  if (typeof terminalId !== "string") return;
  await call(`${step}-wait`, "terminal/wait_for_exit", { terminalId });
  await call(`${step}-output`, "terminal/output", { terminalId });
  await call(`${step}-release`, "terminal/release", { terminalId });
}

/** Logs the marked processes once the tree showed (or the grace passed): the scan before a kill or release. */
async function treeStarted(log: ObservationLog, step: string, marker: string): Promise<void> {
  log.add({ kind: "probe", step, alive: await scan(marker, (found) => found.length >= 3) });
}

async function treeGone(log: ObservationLog, step: string, marker: string): Promise<void> {
  log.add({ kind: "probe", step, alive: await scan(marker, (found) => found.length === 0) });
}

async function killThenRelease(call: Call, log: ObservationLog, marker: string): Promise<void> {
  const terminalId = (await call("kill", "terminal/create", { command: "sh", args: sleepingTree(marker) }))
    ?.terminalId;
  if (typeof terminalId !== "string") return;
  // At once too: a client that answered only once the command ended may not wait for a longer scan.
  log.add({ kind: "probe", step: "kill-at-answer", alive: alive(marker) });
  await treeStarted(log, "kill-before", marker);
  await call("kill-output-running", "terminal/output", { terminalId });
  await call("kill-kill", "terminal/kill", { terminalId });
  await treeGone(log, "kill-after", marker);
  await call("kill-output-after", "terminal/output", { terminalId });
  await call("kill-wait-after", "terminal/wait_for_exit", { terminalId });
  await call("kill-release", "terminal/release", { terminalId });
}

async function releaseRunning(call: Call, log: ObservationLog, marker: string): Promise<void> {
  const terminalId = (await call("release", "terminal/create", { command: "sh", args: sleepingTree(marker) }))
    ?.terminalId;
  if (typeof terminalId !== "string") return;
  await treeStarted(log, "release-before", marker);
  await call("release-release", "terminal/release", { terminalId });
  await treeGone(log, "release-after", marker);
  await call("release-output-after", "terminal/output", { terminalId });
}
