/** Errors a user can act on: one clear line on stderr, exit code 2, never a stack trace. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, fixturePath, runCli } from "../support/run-cli.js";

function expectUsageError(
  run: { exitCode: number | undefined; stderr: string; stdout: string },
  pattern: RegExp,
) {
  expect(run.exitCode).toBe(2);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr).toMatch(/^acp-conformance: /);
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(run.stdout).toBe("");
}

describe.concurrent("usage errors", () => {
  it("a command that does not exist", async () => {
    expectUsageError(
      await runCli(["agent", "--", "no-such-agent-binary-xyz"]),
      /no-such-agent-binary-xyz was not found on PATH/,
    );
  });

  it("a path that does not exist", async () => {
    expectUsageError(await runCli(["agent", "--", "./missing/agent.js"]), /does not exist/);
  });

  it("a file that is not executable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "acp-conformance-noexec-"));
    const file = join(dir, "agent.sh");
    writeFileSync(file, "#!/bin/sh\nexit 0\n");
    chmodSync(file, 0o644);
    try {
      expectUsageError(await runCli(["agent", "--", file]), /is not executable; chmod \+x it/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an agent that exits at once", async () => {
    const run = await runCli(["agent", "--", process.execPath, fixturePath("exits-at-once")]);
    expectUsageError(
      run,
      /the agent exited with code 3 before answering initialize; its stderr ends with:\n\s+error: config file/,
    );
  });

  it("a bad option value", async () => {
    expectUsageError(await runCli(["agent", "--timeout", "-5"]), /--timeout must be a positive whole number/);
  });

  it("an unknown option", async () => {
    expectUsageError(await runCli(["agent", "--no-such-option"]), /Unknown argument/);
  });

  it("a malformed --env", async () => {
    expectUsageError(await runCli(["agent", "--env", "NOEQUALS"]), /--env takes KEY=VALUE/);
  });

  it("an unknown --only id", async () => {
    expectUsageError(
      await runCli(["agent", "--only", "agent.nothing.here"]),
      /is not a known agent-mode scenario or requirement id/,
    );
  });

  it("no mode at all", async () => {
    expectUsageError(await runCli([]), /name a mode/);
  });
});

describe("a reader that stops early", () => {
  it("closes stdout under `list` (as `| head` does): exit 0, nothing on stderr", async () => {
    // 300 KB in one write: more than a pipe holds, so the CLI is still writing when the reader goes.
    const child = spawn(process.execPath, [CLI, "list", "--json"], {
      cwd: tmpdir(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    // The first chunk read, the pipe's reading end goes: the CLI's next writes meet EPIPE.
    child.stdout.once("data", () => child.stdout.destroy());
    const [code] = (await once(child, "exit")) as [number | null];
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
