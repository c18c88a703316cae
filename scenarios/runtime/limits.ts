/**
 * limits: the runtime's size limits: a request of exactly 262,144 bytes is accepted and one
 * byte more refused; agent stdout or stderr over 2 MiB ends the run with an error event.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { AdapterAction } from "../../peers/script-types.js";
import { completed, describeRuntimeRun, nonce, runRuntime, TASK, type RuntimeRequest } from "./driver.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";
import { recordEndsWithErrorEvent, recordRefusal } from "./shared-checks.js";

const MIB = 1024 * 1024;

/** The request padded (in task.context) to exactly `bytes` bytes of JSON. */
function padTo(bytes: number): (request: RuntimeRequest) => string {
  return (request) => {
    const bare = JSON.stringify({ ...request, task: { ...TASK, context: { padding: "" } } });
    return JSON.stringify({
      ...request,
      task: { ...TASK, context: { padding: "p".repeat(bytes - Buffer.byteLength(bare)) } },
    });
  };
}

export const inputBoundaryScenario: Scenario = {
  id: "runtime.request.input-boundary",
  title: "requests of exactly 262,144 and of 262,145 bytes",
  mode: "runtime",
  requirements: ["runtime.limits.input-boundary"],
  async run(context) {
    const atLimit = await runRuntime(context, [{ message: { text: nonce("fits") } }], {
      request: padTo(262_144),
    });
    recordGenericRuntimeChecks(context, atLimit);
    if (!completed(atLimit))
      return context.check({
        requirement: "runtime.limits.input-boundary",
        verdict: "fail",
        message: `a request of exactly 262,144 bytes must be accepted; ${describeRuntimeRun(atLimit)}`,
        evidence: { stderrTail: atLimit.stderrTail },
      });
    const overLimit = await runRuntime(context, [], { request: padTo(262_145) });
    recordGenericRuntimeChecks(context, overLimit);
    if (recordRefusal(context, "runtime.limits.input-boundary", "a request of 262,145 bytes", overLimit))
      context.check({
        requirement: "runtime.limits.input-boundary",
        verdict: "pass",
        message: "262,144 bytes accepted, 262,145 refused before any agent started",
      });
  },
};

/** 3 MiB of agent output on one stream, over the runtime's 2 MiB limit for it. */
function floodScenario(stream: "stdout" | "stderr"): Scenario {
  const requirement = stream === "stdout" ? "runtime.limits.stdout-capped" : "runtime.limits.stderr-capped";
  return {
    id: `runtime.limits.${stream}-flood`,
    title: `3 MiB of agent ${stream}, then exit 0`,
    mode: "runtime",
    requirements: [requirement],
    async run(context) {
      const flood: AdapterAction =
        stream === "stdout"
          ? { floodMessages: { bytes: 3 * MIB } }
          : { flood: { bytes: 3 * MIB, stream: "stderr", newline: true } };
      const run = await runRuntime(context, [{ message: { text: nonce("before") } }, flood]);
      recordGenericRuntimeChecks(context, run);
      recordEndsWithErrorEvent(
        context,
        requirement,
        `3 MiB of agent ${stream} is over the 2 MiB limit and must end the run with an error event`,
        run,
      );
    },
  };
}

export const stdoutFloodScenario: Scenario = floodScenario("stdout");
export const stderrFloodScenario: Scenario = floodScenario("stderr");
