/** Process control against real processes, real process groups and real signals. */
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { SpawnError, TargetProcess } from "../../kit/process/target.js";
import { tearDown } from "../../kit/process/teardown.js";
import { findDescendants, listProcessTree, processInfo, readProcFile } from "../../kit/process/tree.js";
import { killEverythingNow } from "../../kit/process/registry.js";

const started: TargetProcess[] = [];

async function spawnNode(script: string): Promise<TargetProcess> {
  const target = await TargetProcess.spawn({
    command: process.execPath,
    args: ["-e", script],
    cwd: process.cwd(),
    marker: `test-${randomUUID()}`,
    maxLineBytes: 1024,
  });
  started.push(target);
  return target;
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await delay(20);
  }
}

afterEach(() => {
  killEverythingNow();
});

// A parent that starts a child in its own group and a grandchild that escapes with setsid,
// prints their pids, and exits on stdin EOF leaving both behind.
const FAMILY = `
const { spawn } = require("node:child_process");
const inGroup = spawn("sleep", ["300"], { stdio: "ignore" });
const escaped = spawn("sleep", ["301"], { stdio: "ignore", detached: true });
process.stdout.write(JSON.stringify({ inGroup: inGroup.pid, escaped: escaped.pid }) + "\\n");
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

describe.skipIf(process.platform !== "linux")("descendants and teardown", () => {
  it("walks a tree through the kernel's lists of children to the same processes the full scan finds by parent chain", async () => {
    const target = await spawnNode(FAMILY);
    const pids = await new Promise<{ inGroup: number; escaped: number }>((resolve) =>
      target.onStdoutItem((item) => item.kind === "line" && resolve(JSON.parse(item.text))),
    );
    const walked = listProcessTree(target.pid);
    expect(walked, "this kernel has no /proc/<pid>/task/<tid>/children").toBeDefined();
    const byChain = findDescendants({ rootPid: target.pid, includeRoot: true })
      .filter((info) => info.reasons.includes("parent-chain"))
      .map((info) => info.pid);
    expect(walked!.map((info) => info.pid).sort()).toEqual(byChain.sort());
    expect(byChain).toEqual(expect.arrayContaining([target.pid, pids.inGroup, pids.escaped]));
    expect(walked!.find((info) => info.pid === pids.inGroup)?.pgid).toBe(target.pid);
    // The escaped sleep is in a session of its own: no group kill reaches it.
    for (const pid of [pids.escaped, pids.inGroup]) process.kill(pid, "SIGKILL");
  });

  it("finds descendants by parent chain, process group and run marker, even after re-parenting", async () => {
    const target = await spawnNode(FAMILY);
    const pids = await new Promise<{ inGroup: number; escaped: number }>((resolve) =>
      target.onStdoutItem((item) => item.kind === "line" && resolve(JSON.parse(item.text))),
    );
    const before = findDescendants({ rootPid: target.pid, marker: target.marker });
    expect(before.find((info) => info.pid === pids.inGroup)?.reasons).toEqual(
      expect.arrayContaining(["parent-chain", "process-group", "run-marker"]),
    );
    expect(before.find((info) => info.pid === pids.escaped)?.reasons).toEqual(
      expect.arrayContaining(["parent-chain", "run-marker"]),
    );
    expect(before.find((info) => info.pid === pids.escaped)?.reasons).not.toContain("process-group");

    target.closeStdin();
    await target.exited;
    // The parent is gone; both children were re-parented and are still found.
    const after = findDescendants({ rootPid: target.pid, marker: target.marker });
    expect(after.map((info) => info.pid).sort()).toEqual([pids.inGroup, pids.escaped].sort());

    const report = await tearDown(target, { closeGraceMs: 100, termGraceMs: 1_000 });
    expect(report.exitedAt).toBe("already-exited");
    expect(report.swept.map((info) => info.pid)).toContain(pids.escaped);
    await until(() => !processInfo(pids.inGroup) && !processInfo(pids.escaped));
  });

  it("climbs the ladder: stdin close, then SIGTERM, then SIGKILL, noting what was alive", async () => {
    const polite = await spawnNode(`process.stdin.on("end", () => process.exit(0)); process.stdin.resume();`);
    expect((await tearDown(polite, { closeGraceMs: 2_000, termGraceMs: 2_000 })).exitedAt).toBe(
      "stdin-closed",
    );

    const deaf = await spawnNode(`setInterval(() => {}, 1000);`);
    const deafReport = await tearDown(deaf, { closeGraceMs: 200, termGraceMs: 2_000 });
    expect(deafReport.exitedAt).toBe("sigterm");
    expect(deafReport.aliveAfter["stdin-closed"]?.map((info) => info.pid)).toContain(deaf.pid);

    const stubborn = await spawnNode(
      `process.on("SIGTERM", () => {}); setInterval(() => {}, 1000); console.log("ready");`,
    );
    await new Promise<void>((resolve) => stubborn.onStdoutItem(() => resolve()));
    const stubbornReport = await tearDown(stubborn, { closeGraceMs: 200, termGraceMs: 300 });
    expect(stubbornReport.exitedAt).toBe("sigkill");
    expect(stubbornReport.exit?.signal).toBe("SIGKILL");
  });

  it("reports a write that the target never drains as a timeout, not a hang", async () => {
    const target = await spawnNode(`setInterval(() => {}, 1000);`);
    expect(await target.write(Buffer.alloc(8 * 1024 * 1024), 300)).toBe("timeout");
  });

  it("keeps only a bounded tail of stderr", async () => {
    const target = await spawnNode(
      `process.stderr.write("x".repeat(1 << 20)); process.stderr.write("THE END");`,
    );
    await target.exited;
    await delay(50);
    expect(target.stderrBytes).toBe((1 << 20) + 7);
    expect(target.stderrTail().length).toBeLessThanOrEqual(64 * 1024);
    expect(target.stderrTail().endsWith("THE END")).toBe(true);
  });
});

describe("spawn errors", () => {
  it("a missing command is a SpawnError that names it", async () => {
    await expect(
      TargetProcess.spawn({
        command: "/no/such/agent",
        args: [],
        cwd: process.cwd(),
        marker: "m",
        maxLineBytes: 1024,
      }),
    ).rejects.toThrow(SpawnError);
  });
});

describe("reading /proc", () => {
  it.skipIf(process.platform !== "linux")(
    "reads a process's long environment whole, past the reused buffer",
    async () => {
      // 100 KiB of environment puts the marker past the first 64 KiB the scan reads in place.
      const target = await TargetProcess.spawn({
        command: process.execPath,
        args: ["-e", "setTimeout(() => {}, 30000)"],
        cwd: process.cwd(),
        env: { ACP_CONFORMANCE_PADDING: "x".repeat(100 * 1024) },
        marker: `test-${randomUUID()}`,
        maxLineBytes: 1024,
      });
      started.push(target);
      const environ = readProcFile(`/proc/${target.pid}/environ`, "utf8")!;
      expect(environ.length).toBeGreaterThan(100 * 1024);
      expect(processInfo(target.pid)?.marker).toBe(target.marker);
    },
  );

  it("says undefined for a process that is gone", () => {
    expect(readProcFile("/proc/999999999/stat", "latin1")).toBeUndefined();
  });
});
