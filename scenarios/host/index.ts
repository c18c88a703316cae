/**
 * The one registry of host-mode scenarios (the kit plays the adapter through `{adapter}`).
 * Every adapter starts a child in its own process group and first shows a control message,
 * so each run also tells whether the host shows messages at all and what it leaves behind.
 */
import type { Scenario } from "../../kit/scenario.js";
import { listSurvivors, survivorEvidence } from "../../kit/process/tree.js";
import { sleep } from "../../kit/time.js";
import type { AdapterAction } from "../../peers/script-types.js";
import { hostEventInterleavingsProperty, hostSplitLinesProperty } from "./properties.js";
import { splitLineActions } from "../harness/split-line.js";
import { recordEnvelopeCheck, recordGroupGoneCheck } from "./checks.js";
import { completed, describeHostExit, failed, nonce, runHost, shown, type HostRun } from "./driver.js";

export { GENERIC_HOST_REQUIREMENTS } from "./checks.js";

const MIB = 1024 * 1024;

/** The control message, and the adapter's child in its group. */
function withControl(control: string, actions: AdapterAction[]): AdapterAction[] {
  return [{ spawn: { seconds: 120 } }, { message: { id: "control", text: control } }, ...actions];
}

function controlNotShown(run: HostRun, control: string): string | undefined {
  return shown(run, control)
    ? undefined
    : `not judged: the host did not show even the control message (see host.events.shows-messages); ${describeHostExit(run)}`;
}

export const ordinaryScenario: Scenario = {
  id: "host.task.ordinary",
  title: "an adapter that shows one message and exits 0",
  mode: "host",
  requirements: ["host.events.shows-messages", "host.cleanup.adapter-group-gone"],
  async run(context) {
    const control = nonce("control");
    const run = await runHost(context, withControl(control, []));
    recordEnvelopeCheck(context, run);
    context.check(
      completed(run) && shown(run, control)
        ? {
            requirement: "host.events.shows-messages",
            verdict: "pass",
            message: "the message was shown and the task completed",
          }
        : {
            requirement: "host.events.shows-messages",
            verdict: "fail",
            message: `a message and exit 0: ${describeHostExit(run)}, ${shown(run, control) ? "the message was shown" : "the message was not shown"}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
    recordGroupGoneCheck(context, run, "a completed task");
  },
};

export const splitLineScenario: Scenario = {
  id: "host.framing.split-line",
  title: "a message line written in three pieces, 300 ms apart",
  mode: "host",
  requirements: ["host.framing.reassembles-split-lines"],
  async run(context) {
    const control = nonce("control");
    const text = nonce("split");
    const run = await runHost(
      context,
      withControl(control, splitLineActions({ type: "message", id: "split", text })),
    );
    recordEnvelopeCheck(context, run);
    const notJudged = controlNotShown(run, control);
    if (notJudged)
      return context.check({
        requirement: "host.framing.reassembles-split-lines",
        verdict: "not-tested",
        message: notJudged,
      });
    context.check(
      completed(run) && shown(run, text)
        ? {
            requirement: "host.framing.reassembles-split-lines",
            verdict: "pass",
            message: "the split line was read as one message",
          }
        : {
            requirement: "host.framing.reassembles-split-lines",
            verdict: "fail",
            message: `a line split in three: ${describeHostExit(run)}, ${shown(run, text) ? "its message was shown" : "its message was not shown"}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};

export const duplicateIdScenario: Scenario = {
  id: "host.events.duplicate-id",
  title: "two messages with the same id",
  mode: "host",
  requirements: ["host.events.duplicate-id-shown-once"],
  async run(context) {
    const control = nonce("control");
    const first = nonce("first");
    const second = nonce("second");
    const run = await runHost(
      context,
      withControl(control, [
        { message: { id: "same", text: first } },
        { message: { id: "same", text: second } },
      ]),
    );
    recordEnvelopeCheck(context, run);
    const notJudged = controlNotShown(run, control);
    if (notJudged)
      return context.check({
        requirement: "host.events.duplicate-id-shown-once",
        verdict: "not-tested",
        message: notJudged,
      });
    context.check(
      completed(run) && shown(run, first) && !shown(run, second)
        ? {
            requirement: "host.events.duplicate-id-shown-once",
            verdict: "pass",
            message: "the first message with the id was shown, the repeat was not",
          }
        : {
            requirement: "host.events.duplicate-id-shown-once",
            verdict: "fail",
            message: `two messages with id "same": ${describeHostExit(run)}; first ${shown(run, first) ? "shown" : "not shown"}, repeat ${shown(run, second) ? "shown" : "not shown"}`,
          },
    );
  },
};

export const unknownTypeScenario: Scenario = {
  id: "host.events.unknown-type",
  title: "an event of an unknown type with a text",
  mode: "host",
  requirements: ["host.events.ignores-unknown-types"],
  async run(context) {
    const control = nonce("control");
    const text = nonce("tool");
    const run = await runHost(
      context,
      withControl(control, [{ event: { type: "tool", id: "tool-1", name: "edit", text } }]),
    );
    recordEnvelopeCheck(context, run);
    if (!completed(run))
      return context.check({
        requirement: "host.events.ignores-unknown-types",
        verdict: "fail",
        message: `an unknown event type must not fail the task; ${describeHostExit(run)}`,
        evidence: { stderrTail: run.stderrTail },
      });
    const notJudged = controlNotShown(run, control);
    if (notJudged)
      return context.check({
        requirement: "host.events.ignores-unknown-types",
        verdict: "not-tested",
        message: notJudged,
      });
    context.check(
      shown(run, text)
        ? {
            requirement: "host.events.ignores-unknown-types",
            verdict: "fail",
            message: 'the text of a {"type":"tool"} event was shown',
          }
        : {
            requirement: "host.events.ignores-unknown-types",
            verdict: "pass",
            message: "the unknown event was ignored",
          },
    );
  },
};

export const nonJsonLineScenario: Scenario = {
  id: "host.events.non-json-line",
  title: "a plain log line on the adapter's stdout, then exit 0",
  mode: "host",
  requirements: ["host.events.non-json-line-fails"],
  async run(context) {
    const run = await runHost(
      context,
      withControl(nonce("control"), [
        { raw: `plain log ${nonce("log")}` },
        { message: { text: nonce("after") } },
      ]),
    );
    recordEnvelopeCheck(context, run);
    context.check(
      failed(run)
        ? {
            requirement: "host.events.non-json-line-fails",
            verdict: "pass",
            message: `the task failed (${describeHostExit(run)})`,
          }
        : {
            requirement: "host.events.non-json-line-fails",
            verdict: "fail",
            message: `a stdout line that is not JSON must fail the task; ${describeHostExit(run)}`,
          },
    );
  },
};

export const errorEventScenario: Scenario = {
  id: "host.events.error-event",
  title: "an error event, then exit 0",
  mode: "host",
  requirements: [
    "host.events.error-event-fails",
    "host.events.error-message-reported",
    "host.cleanup.adapter-group-gone",
  ],
  async run(context) {
    const reason = nonce("reason");
    const run = await runHost(context, withControl(nonce("control"), [{ error: { message: reason } }]));
    recordEnvelopeCheck(context, run);
    if (!failed(run)) {
      context.check({
        requirement: "host.events.error-event-fails",
        verdict: "fail",
        message: `an error event must fail the task even with exit 0; ${describeHostExit(run)}`,
      });
      context.check({
        requirement: "host.events.error-message-reported",
        verdict: "not-tested",
        message: "not judged: the task did not fail",
      });
    } else {
      context.check({
        requirement: "host.events.error-event-fails",
        verdict: "pass",
        message: `the task failed (${describeHostExit(run)})`,
      });
      context.check(
        shown(run, reason)
          ? {
              requirement: "host.events.error-message-reported",
              verdict: "pass",
              message: "the error event's message was reported",
            }
          : {
              requirement: "host.events.error-message-reported",
              verdict: "fail",
              message: "the task failed, but the error event's message appears nowhere in the host's output",
              evidence: { stderrTail: run.stderrTail },
            },
      );
    }
    recordGroupGoneCheck(context, run, "a failed task");
  },
};

export const nonzeroExitScenario: Scenario = {
  id: "host.events.nonzero-exit",
  title: "a message, then exit 3 without an error event",
  mode: "host",
  requirements: ["host.events.nonzero-exit-fails"],
  async run(context) {
    const run = await runHost(context, withControl(nonce("control"), [{ exit: 3 }]));
    recordEnvelopeCheck(context, run);
    context.check(
      failed(run)
        ? {
            requirement: "host.events.nonzero-exit-fails",
            verdict: "pass",
            message: `the task failed (${describeHostExit(run)})`,
          }
        : {
            requirement: "host.events.nonzero-exit-fails",
            verdict: "fail",
            message: `an adapter that exits 3 must fail the task; ${describeHostExit(run)}`,
          },
    );
  },
};

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

export const hungAdapterScenario: Scenario = {
  id: "host.timeouts.hung-adapter",
  title: "an adapter that shows a message and never exits",
  mode: "host",
  requirements: ["host.timeouts.kills-hung-adapter", "host.cleanup.adapter-group-gone"],
  async run(context) {
    const run = await runHost(context, withControl(nonce("control"), [{ hang: true }]));
    recordEnvelopeCheck(context, run);
    context.check(
      failed(run)
        ? {
            requirement: "host.timeouts.kills-hung-adapter",
            verdict: "pass",
            message: `the host gave up after ${Math.round(run.durationMs / 1000)} s and failed the task`,
          }
        : {
            requirement: "host.timeouts.kills-hung-adapter",
            verdict: "fail",
            message: `the adapter never exits: ${run.timedOut ? `the host was still waiting at --host-timeout ${context.options.hostTimeoutMs} ms` : `${describeHostExit(run)}, as if the task had completed`}`,
          },
    );
    recordGroupGoneCheck(context, run, "a timed-out task");
  },
};

export const cancelScenario: Scenario = {
  id: "host.cleanup.cancel",
  title: "SIGTERM to the host while the adapter runs",
  mode: "host",
  requirements: ["host.cleanup.cancel-stops-adapter"],
  async run(context) {
    let signalled = false;
    const run = await runHost(context, withControl(nonce("control"), [{ hang: true }]), {
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
        signalled = target.signal("SIGTERM");
      },
    });
    recordEnvelopeCheck(context, run);
    if (!signalled)
      return context.check({
        requirement: "host.cleanup.cancel-stops-adapter",
        verdict: "not-tested",
        message: `not exercised: the adapter never got its envelope, so there was nothing to cancel; ${describeHostExit(run)}`,
      });
    if (run.timedOut)
      return context.check({
        requirement: "host.cleanup.cancel-stops-adapter",
        verdict: "fail",
        message: `after SIGTERM the host was still running at --host-timeout ${context.options.hostTimeoutMs} ms`,
      });
    context.check(
      run.survivors.length === 0
        ? {
            requirement: "host.cleanup.cancel-stops-adapter",
            verdict: "pass",
            message: `after SIGTERM the host exited (${describeHostExit(run)}) and nothing of the adapter's group was left`,
          }
        : {
            requirement: "host.cleanup.cancel-stops-adapter",
            verdict: "fail",
            message: `after SIGTERM the host exited, but ${run.survivors.length} process(es) of the adapter's tree outlived it: ${listSurvivors(run.survivors)}`,
            evidence: { processes: survivorEvidence(run.survivors) },
          },
    );
  },
};

export const HOST_SCENARIOS: readonly Scenario[] = [
  ordinaryScenario,
  splitLineScenario,
  duplicateIdScenario,
  unknownTypeScenario,
  nonJsonLineScenario,
  errorEventScenario,
  nonzeroExitScenario,
  floodScenario("stdout"),
  floodScenario("stderr"),
  hungAdapterScenario,
  cancelScenario,
  // Property-based: generated cases from --seed, --runs per property (scenarios/properties/).
  hostSplitLinesProperty,
  hostEventInterleavingsProperty,
];
