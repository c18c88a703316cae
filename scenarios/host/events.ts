/**
 * events: what the host does with the events the adapter writes. Messages are shown, a
 * repeated message id is shown once, unknown event types are ignored; a line that is not
 * JSON, an error event or a nonzero exit fails the task, and the error's message is reported.
 */
import type { Scenario } from "../../kit/scenario.js";
import { completed, describeHostExit, failed, nonce, runHost, shown } from "./driver.js";
import { recordEnvelopeCheck } from "./generic-checks.js";
import { recordGroupGoneCheck, recordNotTestedUnlessControlShown, withControl } from "./shared-checks.js";

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
    if (recordNotTestedUnlessControlShown(context, run, control, "host.events.duplicate-id-shown-once"))
      return;
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
    if (recordNotTestedUnlessControlShown(context, run, control, "host.events.ignores-unknown-types")) return;
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
