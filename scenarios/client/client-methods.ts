/**
 * fs and terminal, served: the agent makes a fresh directory under the session cwd the client
 * sent (a 5-line file, an empty terminal-cwd/) and calls every fs and terminal method the
 * client advertised there (peers/agent/client-methods-probe.ts); the kit compares the answers
 * with the disk and with its process scan. A client that advertised nothing makes each check
 * not applicable. Whatever the verdict, every process carrying the run's marker is killed at the
 * end, and the directory goes with the agent's shim.
 */
import { randomInt } from "node:crypto";
import { listProcesses, processInfo } from "../../kit/process/tree.js";
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { readProbeRun } from "./client-methods-probe-run.js";
import { recordFsChecks } from "./client-methods-fs.js";
import { recordTerminalChecks } from "./client-methods-terminals.js";
import { runClient } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";

/**
 * Kills every process whose command line carries `marker`, and its process group: the probe's
 * shells and the sleeps they wait on, whatever the client did with them.
 */
function killMarked(marker: string): void {
  const ownGroup = processInfo(process.pid)?.pgid;
  for (const info of listProcesses()) {
    if (!info.command.includes(marker)) continue;
    for (const target of [-info.pgid, info.pid]) {
      try {
        if (target !== 0 && target !== -(ownGroup ?? process.pid)) process.kill(target, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}

export const clientMethodsScenario: Scenario = {
  id: "client.terminal.served-fs-and-terminals",
  title: "the agent calls the fs and terminal methods the client advertised, on real files and real commands",
  mode: "client",
  requirements: [
    "client.fs.read-line-limit",
    "client.fs.missing-file-error",
    "client.fs.write-creates-file",
    "client.terminal.create-runs-command",
    "client.terminal.exit-status",
    "client.terminal.output-truncated-from-start",
    "client.terminal.truncation-on-char-boundary",
    "client.terminal.create-returns-immediately",
    "client.terminal.kill-ends-tree",
    "client.terminal.kill-keeps-terminal",
    "client.terminal.release-ends-tree",
    "client.terminal.release-invalidates",
  ],
  async run(context) {
    // The name the probe's shells run under, unique to this run, so the scan finds exactly them.
    const marker = `acp-conformance-probe-${String(randomInt(100_000_000, 999_999_999))}`;
    // The probe's directory goes with the agent's shim (its made-path event), interrupted or not.
    context.defer(async () => killMarked(marker));
    const run = await runClient(
      context,
      agentScript([
        { message: nonce("client-methods") },
        { probeClientMethods: { marker } },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    const probe = readProbeRun(run);
    recordFsChecks(context, probe);
    recordTerminalChecks(context, probe);
  },
};
