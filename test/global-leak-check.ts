/**
 * After the whole suite: no process started by this test run (the CLI, a target, or anything
 * they spawned) may still be alive. Every process the suite starts inherits the tag below;
 * processes of other kit runs on the same machine are not ours to judge or kill.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { listProcesses } from "../kit/process/tree.js";

const TAG_VARIABLE = "ACP_CONFORMANCE_TEST_RUN";

function taggedWith(pid: number, tag: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${TAG_VARIABLE}=${tag}`);
  } catch {
    return false;
  }
}

export default function setup() {
  const tag = randomUUID();
  process.env[TAG_VARIABLE] = tag; // inherited by the test workers and everything they spawn
  return () => {
    if (process.platform !== "linux") return;
    // vitest's own workers inherit the tag too; ending them is vitest's job.
    const leaked = listProcesses().filter(
      (info) =>
        info.pid !== process.pid &&
        !info.command.includes("vitest/dist/workers") &&
        taggedWith(info.pid, tag),
    );
    if (leaked.length === 0) return;
    for (const info of leaked) {
      try {
        process.kill(info.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    throw new Error(
      `processes left running after the test suite (now killed):\n${leaked.map((info) => `  pid ${info.pid}: ${info.command}`).join("\n")}`,
    );
  };
}
