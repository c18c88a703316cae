/**
 * The one registry of runtime-mode scenarios (the kit plays the parent and, over transport
 * "stdio", the agent). Scenarios whose agent runs start a child in the agent's process group,
 * so every such run also shows what the runtime leaves behind.
 */
import type { Scenario } from "../../kit/scenario.js";
import { sleep } from "../../kit/time.js";
import type { AdapterAction } from "../../peers/script-types.js";
import { CLIENT_SCENARIOS } from "../client/index.js";
import { splitLineActions } from "../harness/split-line.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";
import { recordEndsWithErrorEvent, recordNoDescendantsCheck, recordRefusal } from "./shared-checks.js";
import {
  completed,
  describeRuntimeRun,
  failedWithError,
  messageTexts,
  nonce,
  runRuntime,
  TASK,
  type RuntimeRequest,
} from "./driver.js";

export { GENERIC_RUNTIME_REQUIREMENTS } from "./generic-checks.js";

const MIB = 1024 * 1024;
const CHILD: AdapterAction = { spawn: { seconds: 120 } };

export const ordinaryScenario: Scenario = {
  id: "runtime.task.ordinary",
  title: "a stdio agent that shows two messages, an unknown event and a blank message, then exits 0",
  mode: "runtime",
  requirements: ["runtime.events.completes-task", "runtime.cleanup.no-descendants"],
  async run(context) {
    const [first, second, hidden] = [nonce("first"), nonce("second"), nonce("tool")];
    const run = await runRuntime(context, [
      CHILD,
      { message: { id: "one", text: first } },
      { event: { type: "tool", text: hidden } },
      { message: { text: "   " } },
      { message: { id: "two", text: second } },
    ]);
    recordGenericRuntimeChecks(context, run);
    const texts = messageTexts(run);
    context.check(
      completed(run) && JSON.stringify(texts) === JSON.stringify([first, second])
        ? {
            requirement: "runtime.events.completes-task",
            verdict: "pass",
            message: "two message events in order, then a result and exit 0",
          }
        : {
            requirement: "runtime.events.completes-task",
            verdict: "fail",
            message: `expected the message events ${JSON.stringify([first, second])} then a result and exit 0; got messages ${JSON.stringify(texts).slice(0, 200)}; ${describeRuntimeRun(run)}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
    recordNoDescendantsCheck(context, run, "a completed run");
  },
};

export const streamedScenario: Scenario = {
  id: "runtime.task.streamed",
  title: "a message, then the agent waits (up to 10 s) until the runtime has passed it on",
  mode: "runtime",
  requirements: ["runtime.events.messages-streamed"],
  async run(context) {
    // Timing would depend on the machine's load; instead the agent holds its exit until the kit
    // has read the first message event, so only a runtime that batches keeps it waiting.
    const early = nonce("early");
    const run = await runRuntime(
      context,
      [
        { message: { text: early } },
        { awaitRelease: { name: "early", timeoutMs: 10_000 } },
        { message: { text: nonce("late") } },
      ],
      {
        async whileRunning(target, shim) {
          target.onStdoutItem((item) => {
            if (item.kind === "line" && item.text.includes(early)) shim.release("early");
          });
        },
      },
    );
    recordGenericRuntimeChecks(context, run);
    const release = run.events.find((event) => event.kind === "release");
    if (!completed(run) || !release || release.kind !== "release")
      return context.check({
        requirement: "runtime.events.messages-streamed",
        verdict: "not-tested",
        message: `not judged: the run did not complete (${describeRuntimeRun(run)})`,
      });
    context.check(
      release.released
        ? {
            requirement: "runtime.events.messages-streamed",
            verdict: "pass",
            message: "the first message event arrived while the agent was still running",
          }
        : {
            requirement: "runtime.events.messages-streamed",
            verdict: "fail",
            message:
              "the agent waited 10 s after its first message and no message event came: messages are held back until the agent exits",
          },
    );
  },
};

export const splitLineScenario: Scenario = {
  id: "runtime.task.split-line",
  title: "an agent message line written in three pieces, 300 ms apart",
  mode: "runtime",
  requirements: ["runtime.framing.reassembles-split-lines"],
  async run(context) {
    const text = nonce("split");
    const run = await runRuntime(context, splitLineActions({ type: "message", id: "split", text }));
    recordGenericRuntimeChecks(context, run);
    context.check(
      completed(run) && messageTexts(run).includes(text)
        ? {
            requirement: "runtime.framing.reassembles-split-lines",
            verdict: "pass",
            message: "the split line became one message event",
          }
        : {
            requirement: "runtime.framing.reassembles-split-lines",
            verdict: "fail",
            message: `a line split in three: message events ${JSON.stringify(messageTexts(run)).slice(0, 200)}; ${describeRuntimeRun(run)}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};

export const duplicateIdScenario: Scenario = {
  id: "runtime.task.duplicate-id",
  title: "two agent messages with the same id",
  mode: "runtime",
  requirements: ["runtime.events.duplicate-id-shown-once"],
  async run(context) {
    const [first, second] = [nonce("first"), nonce("second")];
    const run = await runRuntime(context, [
      { message: { id: "same", text: first } },
      { message: { id: "same", text: second } },
    ]);
    recordGenericRuntimeChecks(context, run);
    const texts = messageTexts(run);
    context.check(
      completed(run) && texts.includes(first) && !texts.includes(second)
        ? {
            requirement: "runtime.events.duplicate-id-shown-once",
            verdict: "pass",
            message: "the first message with the id became an event, the repeat did not",
          }
        : {
            requirement: "runtime.events.duplicate-id-shown-once",
            verdict: "fail",
            message: `two messages with id "same": message events ${JSON.stringify(texts).slice(0, 200)}; ${describeRuntimeRun(run)}`,
          },
    );
  },
};

export const agentErrorScenario: Scenario = {
  id: "runtime.task.agent-error",
  title: "the agent sends an error event, then exits 0",
  mode: "runtime",
  requirements: ["runtime.events.agent-error-fails", "runtime.cleanup.no-descendants"],
  async run(context) {
    const run = await runRuntime(context, [
      CHILD,
      { message: { text: nonce("before") } },
      { error: { message: nonce("reason") } },
    ]);
    recordGenericRuntimeChecks(context, run);
    recordEndsWithErrorEvent(
      context,
      "runtime.events.agent-error-fails",
      "the agent's error event must end the run with an error event",
      run,
    );
    recordNoDescendantsCheck(context, run, "a failed run");
  },
};

export const nonJsonScenario: Scenario = {
  id: "runtime.task.non-json-line",
  title: "the agent writes a plain log line on stdout, then exits 0",
  mode: "runtime",
  requirements: ["runtime.events.non-json-line-fails"],
  async run(context) {
    const run = await runRuntime(context, [
      { raw: `plain log ${nonce("log")}` },
      { message: { text: nonce("after") } },
    ]);
    recordGenericRuntimeChecks(context, run);
    recordEndsWithErrorEvent(
      context,
      "runtime.events.non-json-line-fails",
      "a stdout line that is not JSON must end the run with an error event",
      run,
    );
  },
};

export const unsupportedVersionScenario: Scenario = {
  id: "runtime.request.unsupported-version",
  title: "a request with protocolVersion 2",
  mode: "runtime",
  requirements: ["runtime.initialization.rejects-unsupported-version"],
  async run(context) {
    const run = await runRuntime(context, [], { request: (request) => ({ ...request, protocolVersion: 2 }) });
    recordGenericRuntimeChecks(context, run);
    if (
      recordRefusal(context, "runtime.initialization.rejects-unsupported-version", "protocolVersion 2", run)
    )
      context.check({
        requirement: "runtime.initialization.rejects-unsupported-version",
        verdict: "pass",
        message: "refused with an error event; no agent started",
      });
  },
};

export const unknownFieldScenario: Scenario = {
  id: "runtime.request.unknown-field",
  title: "a request with an unknown top-level member",
  mode: "runtime",
  requirements: ["runtime.initialization.rejects-unknown-fields"],
  async run(context) {
    const run = await runRuntime(context, [], { request: (request) => ({ ...request, sandbox: "none" }) });
    recordGenericRuntimeChecks(context, run);
    if (
      recordRefusal(
        context,
        "runtime.initialization.rejects-unknown-fields",
        'an unknown member "sandbox"',
        run,
      )
    )
      context.check({
        requirement: "runtime.initialization.rejects-unknown-fields",
        verdict: "pass",
        message: "refused with an error event; no agent started",
      });
  },
};

const INVALID_REQUESTS: Array<[string, (request: RuntimeRequest) => RuntimeRequest | string]> = [
  ["a relative cwd", (request) => ({ ...request, cwd: "relative/worktree" })],
  ["a cwd that does not exist", (request) => ({ ...request, cwd: `${String(request.cwd)}/does-not-exist` })],
  ["timeoutMs 0", (request) => ({ ...request, timeoutMs: 0 })],
  ["timeoutMs 3600001", (request) => ({ ...request, timeoutMs: 3_600_001 })],
  ["a blank command", (request) => ({ ...request, command: "   " })],
  ["a task without a request", (request) => ({ ...request, task: { id: TASK.id } })],
  ['transport "telnet"', (request) => ({ ...request, transport: "telnet" })],
  ["a request that is not JSON", (request) => JSON.stringify(request).slice(0, -1)],
];

export const invalidFieldsScenario: Scenario = {
  id: "runtime.request.invalid-fields",
  title: "eight invalid requests, one problem each",
  mode: "runtime",
  requirements: ["runtime.initialization.validates-fields"],
  async run(context) {
    for (const [what, change] of INVALID_REQUESTS) {
      const run = await runRuntime(context, [], { request: change });
      recordGenericRuntimeChecks(context, run);
      if (!recordRefusal(context, "runtime.initialization.validates-fields", what, run)) return;
    }
    context.check({
      requirement: "runtime.initialization.validates-fields",
      verdict: "pass",
      message: `all ${INVALID_REQUESTS.length} invalid requests were refused before any agent started`,
    });
  },
};

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

export const timeoutScenario: Scenario = {
  id: "runtime.timeouts.hung-agent",
  title: "timeoutMs 1500 and an agent that never exits",
  mode: "runtime",
  requirements: ["runtime.timeouts.enforced", "runtime.cleanup.no-descendants"],
  async run(context) {
    const run = await runRuntime(context, [CHILD, { message: { text: nonce("working") } }, { hang: true }], {
      request: (request) => ({ ...request, timeoutMs: 1_500 }),
    });
    recordGenericRuntimeChecks(context, run);
    const stopped = failedWithError(run) && run.survivors.length === 0;
    context.check(
      stopped
        ? {
            requirement: "runtime.timeouts.enforced",
            verdict: "pass",
            message: `the run ended with an error event after ${Math.round(run.durationMs / 100) / 10} s and the agent's tree was gone`,
          }
        : {
            requirement: "runtime.timeouts.enforced",
            verdict: "fail",
            message: `with timeoutMs 1500 and a hung agent: ${describeRuntimeRun(run)}${run.survivors.length > 0 ? `; ${run.survivors.length} process(es) of the agent's tree were left` : ""}`,
          },
    );
    recordNoDescendantsCheck(context, run, "a timed-out run");
  },
};

export const cancelScenario: Scenario = {
  id: "runtime.cleanup.cancel",
  title: "SIGTERM, then in a second run SIGINT, to the runtime while the agent runs",
  mode: "runtime",
  requirements: ["runtime.cleanup.cancel-by-signal"],
  async run(context) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      let signalled = false;
      const run = await runRuntime(
        context,
        [CHILD, { message: { text: nonce("working") } }, { hang: true }],
        {
          async whileRunning(target, shim) {
            const deadline = Date.now() + context.options.hostTimeoutMs / 2;
            while (
              !shim.events().some((event) => event.kind === "envelope") &&
              target.alive &&
              Date.now() < deadline
            )
              await sleep(50);
            if (!target.alive || Date.now() >= deadline) return;
            await sleep(300);
            signalled = target.signal(signal);
          },
        },
      );
      recordGenericRuntimeChecks(context, run);
      if (!signalled)
        return context.check({
          requirement: "runtime.cleanup.cancel-by-signal",
          verdict: "not-tested",
          message: `not exercised: the agent never started, so there was nothing to cancel; ${describeRuntimeRun(run)}`,
        });
      if (!failedWithError(run) || run.survivors.length > 0) {
        return context.check({
          requirement: "runtime.cleanup.cancel-by-signal",
          verdict: "fail",
          message: `after ${signal}: ${describeRuntimeRun(run)}${run.survivors.length > 0 ? `; ${run.survivors.length} process(es) of the agent's tree were left` : ""}`,
        });
      }
    }
    context.check({
      requirement: "runtime.cleanup.cancel-by-signal",
      verdict: "pass",
      message: "after SIGTERM and after SIGINT: an error event, a nonzero exit, and the agent's tree gone",
    });
  },
};

/** The runtime's own contract, over transport "stdio". */
export const STDIO_RUNTIME_SCENARIOS: readonly Scenario[] = [
  ordinaryScenario,
  streamedScenario,
  splitLineScenario,
  duplicateIdScenario,
  agentErrorScenario,
  nonJsonScenario,
  unsupportedVersionScenario,
  unknownFieldScenario,
  invalidFieldsScenario,
  inputBoundaryScenario,
  floodScenario("stdout"),
  floodScenario("stderr"),
  timeoutScenario,
  cancelScenario,
];

/**
 * The client-mode scenarios, run through the runtime's acp transport and judged under the client
 * requirements. The client-mode properties are left out: each case is a whole run of the target,
 * so through a runtime they would multiply the runtime suite's time by their --runs for
 * requirements the fixed scenarios already exercise there.
 */
export const ACP_RUNTIME_SCENARIOS: readonly Scenario[] = CLIENT_SCENARIOS.filter(
  (scenario) => !scenario.property,
).map((scenario) => ({
  ...scenario,
  id: `runtime.acp-${scenario.id.slice("client.".length)}`,
  title: `${scenario.title} (through the runtime's acp transport)`,
  mode: "runtime",
  transport: "acp",
}));

export const RUNTIME_SCENARIOS: readonly Scenario[] = [
  ...STDIO_RUNTIME_SCENARIOS.map((scenario) => ({ ...scenario, transport: "stdio" as const })),
  ...ACP_RUNTIME_SCENARIOS,
];
