/**
 * After the whole suite: no process started by the kit (or by a fixture) may still be alive.
 * Every target carries ACP_CONFORMANCE_RUN in its environment, and so does anything it spawned.
 */
import { listProcesses } from "../kit/process/tree.js";

export default function setup() {
  return () => {
    const leaked = listProcesses().filter((info) => info.marker !== undefined && info.pid !== process.pid);
    if (leaked.length === 0) return;
    for (const info of leaked) {
      try {
        process.kill(info.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    throw new Error(`processes left running after the test suite (now killed):\n${leaked.map((info) => `  pid ${info.pid}: ${info.command}`).join("\n")}`);
  };
}
