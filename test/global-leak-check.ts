/**
 * After the whole suite: nothing the test run started may still be alive, and nothing may have
 * appeared in the checkout.
 *
 * - Processes: every process the suite starts inherits the tag below; processes of other kit
 *   runs on the same machine are not ours to judge or kill.
 * - Files: the tests run the kit in temporary directories, and the kit cleans up after itself;
 *   a file in the checkout that git did not show before the suite (a probe's folder left by an
 *   interrupted run, a report written to the cwd) fails the run. The touch maps are the one
 *   thing a test run may write, and only when asked to (UPDATE_TOUCH_MAP=1).
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { listProcesses } from "../kit/process/tree.js";

const TAG_VARIABLE = "ACP_CONFORMANCE_TEST_RUN";
const ROOT = resolve(import.meta.dirname, "..");

function taggedWith(pid: number, tag: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${TAG_VARIABLE}=${tag}`);
  } catch {
    return false;
  }
}

/** What git shows changed or new in the checkout (ignored files, such as dist/, excluded); undefined outside a git checkout. */
function checkoutChanges(): Set<string> | undefined {
  try {
    const status = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return new Set(status.split("\n").filter((line) => line !== ""));
  } catch {
    return undefined; // an unpacked tarball: nothing to compare with
  }
}

export default function setup() {
  const tag = randomUUID();
  process.env[TAG_VARIABLE] = tag; // inherited by the test workers and everything they spawn
  const changesBefore = checkoutChanges();
  return () => {
    const problems: string[] = [];
    if (process.platform === "linux") {
      // vitest's own workers inherit the tag too; ending them is vitest's job.
      const leaked = listProcesses().filter(
        (info) =>
          info.pid !== process.pid &&
          !info.command.includes("vitest/dist/workers") &&
          taggedWith(info.pid, tag),
      );
      for (const info of leaked) {
        try {
          process.kill(info.pid, "SIGKILL");
        } catch {
          // gone
        }
      }
      if (leaked.length > 0)
        problems.push(
          `processes left running after the test suite (now killed):\n${leaked.map((info) => `  pid ${info.pid}: ${info.command}`).join("\n")}`,
        );
    }
    const changesAfter = checkoutChanges();
    if (changesBefore && changesAfter) {
      const mayWrite = process.env.UPDATE_TOUCH_MAP === "1" ? /fixtures\/touch-maps\// : undefined;
      const appeared = [...changesAfter].filter(
        (line) => !changesBefore.has(line) && !(mayWrite?.test(line) ?? false),
      );
      if (appeared.length > 0)
        problems.push(
          `the test suite left files in the checkout (git status):\n${appeared.map((line) => `  ${line}`).join("\n")}`,
        );
    }
    if (problems.length > 0) throw new Error(problems.join("\n"));
  };
}
