/**
 * events: what the runtime makes of the agent's output over transport "stdio": message events
 * in order and as they come, a repeated message id shown once, and a run that ends with an
 * error event when the agent reports an error or writes a line that is not JSON.
 */
import type { Scenario } from "../../kit/scenario.js";
import {
  completed,
  describeRuntimeRun,
  messageTexts,
  nonce,
  requestTimeoutMs,
  runRuntime,
  SPAWN_LONG_LIVED_CHILD,
} from "./driver.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";
import { recordEndsWithErrorEvent, recordNoDescendantsCheck } from "./shared-checks.js";

export const ordinaryScenario: Scenario = {
  id: "runtime.task.ordinary",
  title: "a stdio agent that shows two messages, an unknown event and a blank message, then exits 0",
  mode: "runtime",
  requirements: ["runtime.events.completes-task", "runtime.cleanup.no-descendants"],
  async run(context) {
    const [first, second, hidden] = [nonce("first"), nonce("second"), nonce("tool")];
    const run = await runRuntime(context, [
      SPAWN_LONG_LIVED_CHILD,
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
  title:
    "a message, then the agent waits (up to 2 s inside the request's timeoutMs) until the runtime has passed it on",
  mode: "runtime",
  requirements: ["runtime.events.messages-streamed"],
  async run(context) {
    // Timing would depend on the machine's load; instead the agent holds its exit until the kit
    // has read the first message event, so only a runtime that batches keeps it waiting.
    const early = nonce("early");
    // Inside the request's timeoutMs, so a runtime that enforces it does not end the wait first.
    const waitMs = Math.max(500, requestTimeoutMs(context.options) - 2_000);
    const run = await runRuntime(
      context,
      [
        { message: { text: early } },
        { awaitRelease: { name: "early", timeoutMs: waitMs } },
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
            message: `the agent waited ${waitMs / 1000} s after its first message and no message event came: messages are held back until the agent exits`,
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
      SPAWN_LONG_LIVED_CHILD,
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
