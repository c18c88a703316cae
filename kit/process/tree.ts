/**
 * Finding a target's descendants, including ones that were re-parented or escaped its
 * process group, so `cleanup` checks can name every survivor and teardown can end it.
 *
 * On Linux we read /proc: the parent chain, the process group, and the run marker the kit
 * puts in every target's environment (inherited by anything it starts unless it scrubs its
 * environment). Elsewhere we fall back to `ps`, which gives the parent chain and group only.
 * Zombies (state Z) have already exited and are never reported as alive.
 */
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";

export const RUN_MARKER_VARIABLE = "ACP_CONFORMANCE_RUN";

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** One-letter state from /proc/<pid>/stat (R, S, D, Z, T, ...). */
  state: string;
  /** Start time in clock ticks since boot: with the pid it identifies a process even if the pid is reused. */
  startTime: number;
  /** The command line, arguments joined by spaces. */
  command: string;
  /** The value of ACP_CONFORMANCE_RUN in its environment, when readable. */
  marker: string | undefined;
}

export type DescendantReason = "parent-chain" | "process-group" | "run-marker" | "seen-earlier";

export interface Descendant extends ProcessInfo {
  reasons: DescendantReason[];
}

/**
 * /proc files report a size of 0, so readFileSync allocates 64 KiB to read each one: for every
 * process on every scan, that was a fifth of the kit's own CPU time in a default run. Reading
 * into one reused buffer does the same work without the garbage.
 */
const procBuffer = Buffer.allocUnsafe(64 * 1024);

/** A /proc file's text, or undefined when the process is gone or the file is not ours to read. */
export function readProcFile(path: string, encoding: BufferEncoding): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined; // gone already, or not ours to read
  }
  try {
    let length = 0;
    for (;;) {
      const read = readSync(fd, procBuffer, length, procBuffer.length - length, null);
      if (read === 0) return procBuffer.toString(encoding, 0, length);
      length += read;
      // A command line or environment this long is rare: read it the ordinary way.
      if (length === procBuffer.length) return readFileSync(path, encoding);
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function readStat(pid: number): Omit<ProcessInfo, "command" | "marker"> | undefined {
  const stat = readProcFile(`/proc/${pid}/stat`, "latin1");
  if (stat === undefined) return undefined;
  // The command name is in parentheses and may itself contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    pid,
    state: fields[0] ?? "?",
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    sid: Number(fields[3]),
    startTime: Number(fields[19]),
  };
}

function readCommand(pid: number): string {
  return (readProcFile(`/proc/${pid}/cmdline`, "utf8") ?? "").split("\0").filter(Boolean).join(" ");
}

function readMarker(pid: number): string | undefined {
  const environ = readProcFile(`/proc/${pid}/environ`, "utf8");
  if (environ === undefined) return undefined;
  const prefix = `${RUN_MARKER_VARIABLE}=`;
  for (const entry of environ.split("\0")) if (entry.startsWith(prefix)) return entry.slice(prefix.length);
  return undefined;
}

const hasProc = process.platform === "linux";

/**
 * When this process started, in clock ticks since boot. Every process the kit looks for (its
 * targets and their descendants) started after it, so older ones are skipped: on a busy CI
 * machine that saves reading every process's command line and environment on every scan.
 */
let ownStartTime: number | undefined;
function kitStartTime(): number {
  ownStartTime ??= readStat(process.pid)?.startTime ?? 0;
  return ownStartTime;
}

/**
 * Every live (non-zombie) process started since this one. `details: false` skips the command
 * line and the environment (no marker): several times cheaper, for frequent polling of a tree.
 */
export function listProcesses(options: { details?: boolean } = {}): ProcessInfo[] {
  if (!hasProc) return listProcessesWithPs();
  const details = options.details ?? true;
  const since = kitStartTime();
  const processes: ProcessInfo[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const stat = readStat(pid);
    if (!stat || stat.state === "Z" || stat.state === "X") continue;
    if (stat.startTime < since) continue;
    processes.push({
      ...stat,
      command: details ? readCommand(pid) : "",
      marker: details ? readMarker(pid) : undefined,
    });
  }
  return processes;
}

function listProcessesWithPs(): ProcessInfo[] {
  const output = execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat=,command="], { encoding: "utf8" });
  const processes: ProcessInfo[] = [];
  for (const line of output.split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const state = match[4]!.charAt(0);
    if (state === "Z") continue;
    processes.push({
      pid: Number(match[1]),
      ppid: Number(match[2]),
      pgid: Number(match[3]),
      sid: 0,
      state,
      startTime: 0,
      command: match[5]!,
      marker: undefined,
    });
  }
  return processes;
}

/** The process if it is alive and, when `startTime` is given, is still the same process. */
export function processInfo(pid: number, startTime?: number): ProcessInfo | undefined {
  if (!hasProc) {
    try {
      process.kill(pid, 0);
    } catch {
      return undefined;
    }
    return listProcessesWithPs().find((info) => info.pid === pid);
  }
  const stat = readStat(pid);
  if (!stat || stat.state === "Z" || stat.state === "X") return undefined;
  if (startTime !== undefined && startTime !== 0 && stat.startTime !== startTime) return undefined;
  return { ...stat, command: readCommand(pid), marker: readMarker(pid) };
}

/**
 * The root and its descendants by the parent chain, from the kernel's per-thread lists of
 * children (`/proc/<pid>/task/<tid>/children`): a few reads for a target's tree instead of one
 * per process on the machine. Undefined where the kernel has no such lists. The lists can miss
 * a process that is forked or re-parented while they are read, so a caller that must see
 * everything still scans with listProcesses now and then.
 */
export function listProcessTree(rootPid: number): ProcessInfo[] | undefined {
  if (!hasProc || !existsSync(`/proc/${process.pid}/task/${process.pid}/children`)) return undefined;
  const found: ProcessInfo[] = [];
  const queue = [rootPid];
  const visited = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (visited.has(pid)) continue;
    visited.add(pid);
    const stat = readStat(pid);
    if (!stat || stat.state === "Z" || stat.state === "X") continue;
    found.push({ ...stat, command: "", marker: undefined });
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone since its stat was read
    }
    for (const thread of threads)
      for (const child of (readProcFile(`/proc/${pid}/task/${thread}/children`, "latin1") ?? "").split(" "))
        if (child !== "") queue.push(Number(child));
  }
  return found;
}

export interface DescendantQuery {
  /** The target's own pid (its process group has the same id). */
  rootPid: number;
  /** The exact marker value given to this target; matches descendants that escaped the group. */
  marker?: string;
  /** Processes seen as descendants earlier: still reported if alive and not reused. */
  seenEarlier?: Iterable<ProcessInfo>;
  /** Include the root process itself when it is alive. */
  includeRoot?: boolean;
}

/** Live descendants of a target, each with the reasons it was attributed to the target. */
export function findDescendants(
  query: DescendantQuery,
  processes: ProcessInfo[] = listProcesses(),
): Descendant[] {
  const found = new Map<number, Descendant>();
  const add = (info: ProcessInfo, reason: DescendantReason) => {
    if (info.pid === process.pid) return;
    if (info.pid === query.rootPid && !query.includeRoot) return;
    const existing = found.get(info.pid);
    if (existing) {
      if (!existing.reasons.includes(reason)) existing.reasons.push(reason);
    } else found.set(info.pid, { ...info, reasons: [reason] });
  };
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) {
    const siblings = children.get(info.ppid) ?? [];
    siblings.push(info);
    children.set(info.ppid, siblings);
  }
  const queue = [query.rootPid];
  const visited = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (visited.has(pid)) continue;
    visited.add(pid);
    for (const child of children.get(pid) ?? []) {
      add(child, "parent-chain");
      queue.push(child.pid);
    }
  }
  for (const info of processes) {
    if (info.pgid === query.rootPid) add(info, "process-group");
    if (query.marker !== undefined && info.marker === query.marker) add(info, "run-marker");
  }
  const byPid = new Map(processes.map((info) => [info.pid, info]));
  for (const earlier of query.seenEarlier ?? []) {
    const now = byPid.get(earlier.pid);
    if (now && (earlier.startTime === 0 || now.startTime === earlier.startTime)) add(now, "seen-earlier");
  }
  if (query.includeRoot) {
    const root = byPid.get(query.rootPid);
    if (root) add(root, "parent-chain");
  }
  return [...found.values()].sort((a, b) => a.pid - b.pid);
}

/** Live processes whose marker starts with `prefix` (every target of one kit run). */
export function findByMarkerPrefix(
  prefix: string,
  processes: ProcessInfo[] = listProcesses(),
): ProcessInfo[] {
  return processes.filter((info) => info.marker?.startsWith(prefix) && info.pid !== process.pid);
}

/** "pid 123 (sleep 120), pid 124 (...)": survivors as a check message names them. */
export function listSurvivors(survivors: readonly Descendant[]): string {
  return survivors.map((info) => `pid ${info.pid} (${info.command.slice(0, 80)})`).join(", ");
}

/** Survivors as report evidence. */
export function survivorEvidence(
  survivors: readonly Descendant[],
): Array<{ pid: number; ppid: number; pgid: number; command: string; reasons: string[] }> {
  return survivors.map((info) => ({
    pid: info.pid,
    ppid: info.ppid,
    pgid: info.pgid,
    command: info.command,
    reasons: info.reasons,
  }));
}
