/**
 * The file system and terminals the kit serves an agent in agent mode (scenarios/agent/serve-fs.ts,
 * serve-terminals.ts), against real files and real processes: line/limit, errors, multi-byte
 * text intact, truncation on a character boundary, exit status, and nothing left running.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { findByMarkerPrefix } from "../../kit/process/tree.js";
import { KitFileSystem, sliceLines } from "../../scenarios/agent/serve-fs.js";
import { keepTail, KitTerminals } from "../../scenarios/agent/serve-terminals.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "kit-client-services-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await delay(50);
  }
}

const MULTI_BYTE = "ünïcødé ✓ 日本語 🎉\nzweite Zeile\nthird\n";

describe("the kit's fs/read_text_file and fs/write_text_file", () => {
  it("reads whole files and line/limit slices (1-based), multi-byte text intact", () => {
    const fs = new KitFileSystem(root);
    const path = join(root, "a.txt");
    writeFileSync(path, MULTI_BYTE);
    expect(fs.read({ path })).toEqual({ result: { content: MULTI_BYTE } });
    expect(fs.read({ path, line: 2 })).toEqual({ result: { content: "zweite Zeile\nthird\n" } });
    expect(fs.read({ path, line: 1, limit: 1 })).toEqual({ result: { content: "ünïcødé ✓ 日本語 🎉\n" } });
    expect(fs.read({ path, limit: 2 })).toEqual({
      result: { content: "ünïcødé ✓ 日本語 🎉\nzweite Zeile\n" },
    });
    expect(fs.read({ path, line: 9 })).toEqual({ result: { content: "" } });
    expect(sliceLines("no newline at end", 1, 1)).toBe("no newline at end");
  });

  it("answers a missing file, a relative path and a path outside the session directory with errors", () => {
    const fs = new KitFileSystem(root);
    expect(fs.read({ path: join(root, "missing.txt") })).toMatchObject({ error: { code: -32002 } });
    expect(fs.read({ path: "a.txt" })).toMatchObject({ error: { code: -32602 } });
    expect(fs.read({ path: join(root, "..", "elsewhere.txt") })).toMatchObject({ error: { code: -32002 } });
    expect(fs.write({ path: "/etc/acp-conformance", content: "x" })).toMatchObject({
      error: { code: -32002 },
    });
  });

  it("serves a root reached through a symlink by its resolved path too (macOS: /var is /private/var)", () => {
    const real = join(root, "real");
    const link = join(root, "link");
    mkdirSync(real);
    symlinkSync(real, link);
    const fs = new KitFileSystem(link);
    expect(fs.write({ path: join(real, "d.txt"), content: "via the real path" })).toEqual({ result: {} });
    expect(fs.read({ path: join(link, "d.txt") })).toEqual({ result: { content: "via the real path" } });
    expect(fs.root.canonical(join(real, "d.txt"))).toBe(join(link, "d.txt"));
    expect(fs.root.contains(join(root, "d.txt"))).toBe(false);
  });

  it("serves an unsaved buffer instead of the disk, until a write replaces it", () => {
    const fs = new KitFileSystem(root);
    const path = join(root, "b.txt");
    writeFileSync(path, "on disk\n");
    fs.buffers.set(path, "unsaved\n");
    expect(fs.read({ path })).toEqual({ result: { content: "unsaved\n" } });
    expect(fs.write({ path, content: MULTI_BYTE })).toEqual({ result: {} });
    expect(fs.read({ path })).toEqual({ result: { content: MULTI_BYTE } });
  });

  it("creates files (and their directories) and overwrites existing ones", () => {
    const fs = new KitFileSystem(root);
    const path = join(root, "new", "c.txt");
    expect(fs.write({ path, content: "first" })).toEqual({ result: {} });
    expect(fs.write({ path, content: MULTI_BYTE })).toEqual({ result: {} });
    expect(readFileSync(path, "utf8")).toBe(MULTI_BYTE);
  });
});

describe("the kit's terminals", () => {
  const node = (script: string) => ({ command: process.execPath, args: ["-e", script] });

  it("keeps the tail on a UTF-8 character boundary", () => {
    const bytes = Buffer.from("ab✓cd"); // ✓ is 3 bytes
    expect(keepTail(bytes, 4).toString("utf8")).toBe("cd"); // cutting inside ✓ drops it whole
    expect(keepTail(bytes, 5).toString("utf8")).toBe("✓cd");
    expect(keepTail(bytes, 99)).toBe(bytes);
  });

  it("runs a command with args, env and cwd, and reports output and exit status", async () => {
    const terminals = new KitTerminals(root, `test-${process.pid}`);
    try {
      const created = await terminals.answer("terminal/create", {
        ...node("process.stdout.write(process.env.GREETING + ' ' + process.cwd()); process.exit(3)"),
        env: [{ name: "GREETING", value: "héllo" }],
        cwd: root,
      });
      const terminalId = (created as { result: { terminalId: string } }).result.terminalId;
      expect(await terminals.answer("terminal/wait_for_exit", { terminalId })).toEqual({
        result: { exitCode: 3, signal: null },
      });
      expect(await terminals.answer("terminal/output", { terminalId })).toEqual({
        result: { output: `héllo ${root}`, truncated: false, exitStatus: { exitCode: 3, signal: null } },
      });
      expect(await terminals.answer("terminal/release", { terminalId })).toEqual({ result: {} });
      expect(await terminals.answer("terminal/output", { terminalId })).toMatchObject({
        error: { code: -32002 },
      });
      expect(terminals.open).toEqual([]);
    } finally {
      await terminals.releaseAll();
    }
  });

  it("truncates from the start at outputByteLimit, on a character boundary", async () => {
    const terminals = new KitTerminals(root, `test-${process.pid}`);
    try {
      const created = await terminals.answer("terminal/create", {
        ...node("process.stdout.write('x'.repeat(100) + '✓✓✓')"),
        outputByteLimit: 8,
      });
      const terminalId = (created as { result: { terminalId: string } }).result.terminalId;
      await terminals.answer("terminal/wait_for_exit", { terminalId });
      // 8 bytes from the end start inside the first ✓ (9 bytes of ✓✓✓): the kit keeps ✓✓ (6 bytes).
      expect(await terminals.answer("terminal/output", { terminalId })).toMatchObject({
        result: { output: "✓✓", truncated: true },
      });
    } finally {
      await terminals.releaseAll();
    }
  });

  it("kills a running command on terminal/kill, and its whole group at release: nothing left running", async () => {
    const runId = `kit-services-${randomUUID()}`;
    const terminals = new KitTerminals(root, runId);
    const family =
      "require('node:child_process').spawn('sleep', ['300'], { stdio: 'ignore' }); setInterval(() => {}, 1000); console.log('up')";
    try {
      const first = await terminals.answer("terminal/create", node(family));
      const killed = (first as { result: { terminalId: string } }).result.terminalId;
      const running = await terminals.answer("terminal/output", { terminalId: killed });
      expect((running as { result: Record<string, unknown> }).result.exitStatus).toBeUndefined();
      expect(await terminals.answer("terminal/kill", { terminalId: killed })).toEqual({ result: {} });
      expect(await terminals.answer("terminal/wait_for_exit", { terminalId: killed })).toEqual({
        result: { exitCode: null, signal: "SIGKILL" },
      });
      const second = await terminals.answer("terminal/create", node(family));
      const kept = (second as { result: { terminalId: string } }).result.terminalId;
      await until(async () =>
        JSON.stringify(await terminals.answer("terminal/output", { terminalId: kept })).includes("up"),
      );
      // The command and its sleep child, both carrying the terminal's marker.
      expect(findByMarkerPrefix(runId).length).toBeGreaterThanOrEqual(2);
      expect(terminals.open).toEqual([killed, kept]);
    } finally {
      await terminals.releaseAll();
    }
    expect(terminals.open).toEqual([]);
    await until(async () => findByMarkerPrefix(runId).length === 0);
  });

  it("refuses a relative cwd and a cwd outside the session directory", async () => {
    const terminals = new KitTerminals(root, `test-${process.pid}`);
    expect(await terminals.answer("terminal/create", { ...node(""), cwd: "." })).toMatchObject({
      error: { code: -32602 },
    });
    expect(await terminals.answer("terminal/create", { ...node(""), cwd: "/" })).toMatchObject({
      error: { code: -32602 },
    });
    expect(terminals.created).toBe(0);
  });
});
