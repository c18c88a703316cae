/**
 * limits: the host caps what it reads of the adapter's stdout and stderr (2 MiB each), so a
 * flooding adapter fails its task instead of exhausting the host.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { AdapterAction } from "../../peers/script-types.js";
import { describeHostExit, failed, nonce, runHost } from "./driver.js";
import { recordEnvelopeCheck } from "./generic-checks.js";
import { withControl } from "./shared-checks.js";

const MIB = 1024 * 1024;

/** 3 MiB on one of the adapter's output streams, over the 2 MiB a host may read of it. */
function floodScenario(stream: "stdout" | "stderr"): Scenario {
  const requirement = stream === "stdout" ? "host.limits.stdout-capped" : "host.limits.stderr-capped";
  return {
    id: `host.limits.${stream}-flood`,
    title: stream === "stdout" ? "3 MiB of valid message lines, then exit 0" : "3 MiB of stderr, then exit 0",
    mode: "host",
    requirements: [requirement],
    async run(context) {
      const flood: AdapterAction =
        stream === "stdout"
          ? { floodMessages: { bytes: 3 * MIB } }
          : { flood: { bytes: 3 * MIB, stream: "stderr", newline: true } };
      const run = await runHost(context, withControl(nonce("control"), [flood]));
      recordEnvelopeCheck(context, run);
      context.check(
        failed(run)
          ? { requirement, verdict: "pass", message: `the task failed (${describeHostExit(run)})` }
          : {
              requirement,
              verdict: "fail",
              message: `3 MiB of ${stream} is over the 2 MiB limit and must fail the task; ${describeHostExit(run)}`,
            },
      );
    },
  };
}

export const stdoutFloodScenario: Scenario = floodScenario("stdout");
export const stderrFloodScenario: Scenario = floodScenario("stderr");
