/**
 * events as a property (the kit plays the host and generates the task's text): whatever legal
 * text the envelope carries in its task's request and in its prompt (unicode, JSON escapes,
 * line breaks and line separators, NUL, long runs), the adapter writes only JSON events and
 * ends with an exit code that agrees with them, in time. Text is where hand-built JSON lines
 * and line-based readers break; the fixed scenarios hand out one plain ASCII task. It is filed
 * under events for its first requirement, adapter.events.exit-code-agrees.
 *
 * It does not require the task to complete: an adapter may refuse a text it cannot handle,
 * with an error event and a nonzero exit, and no requirement says otherwise.
 */
import fc from "fast-check";
import type { RequirementId } from "../../kit/requirements/index.js";
import { textContents } from "../properties/arbitraries.js";
import { definePropertyScenario } from "../properties/property-scenario.js";
import {
  adapterEvents,
  describeAdapterExit,
  envelopeLine,
  lingerStopMs,
  PROMPT,
  runAdapter,
  TASK,
  type AdapterRun,
} from "./driver.js";
import { exitCodeAgrees, linesNotEvents } from "./event-rules.js";

/** Longest generated text: long enough for runs of multi-byte characters, short enough that a case stays cheap. */
const MAX_TEXT_CHARACTERS = 4096;
/** How much of a generated text and of the adapter's stdout a report shows. */
const SHOWN_CHARACTERS = 200;

interface TaskText {
  /** The task's request, in place of the ordinary one. */
  request: string;
  /** Appended to the ordinary prompt as the conversation a host would bound into it. */
  conversation: string;
}

function abbreviated(text: string): string {
  return text.length > SHOWN_CHARACTERS
    ? `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)`
    : text;
}

function runEvidence(run: AdapterRun): Record<string, unknown> {
  return {
    adapterExit: describeAdapterExit(run),
    stdoutLines: run.lines.slice(0, 8).map((line) => abbreviated(line.text)),
    stderrTail: run.stderrTail,
  };
}

/**
 * How the cases are run. When the preflight saw the adapter linger after its work, each case
 * is stopped soon after the adapter's last line (driver.ts, lingerStopMs) instead of costing the linger again
 * (runAdapter does it); such a case is judged on its lines alone, and the property's verdict
 * says how many were.
 */
interface CaseRunning {
  stopWhenSilentMs: number | undefined;
  stoppedWhenSilent: number;
}

export const adapterTaskContentProperty = definePropertyScenario<CaseRunning, TaskText>({
  id: "adapter.property.task-content",
  title:
    "an envelope whose request and prompt hold generated text (unicode, escapes, line breaks, long runs) gets only JSON events and an exit code that agrees with them",
  mode: "adapter",
  requirements: [
    "adapter.events.exit-code-agrees",
    "adapter.framing.stdout-only-json",
    "adapter.timeouts.finishes-in-time",
  ] as const satisfies readonly RequirementId[],
  setup: async (context) => ({
    stopWhenSilentMs: lingerStopMs(context),
    stoppedWhenSilent: 0,
  }),
  arbitrary: () =>
    fc.record({
      request: textContents({ maxLength: MAX_TEXT_CHARACTERS }),
      conversation: textContents({ maxLength: MAX_TEXT_CHARACTERS }),
    }),
  async runCase(context, running, { request, conversation }) {
    // A case judges no descendants, so it need not wait for them to go.
    const run = await runAdapter(
      context,
      envelopeLine({ ...TASK, request }, `${PROMPT}\n\n${conversation}`),
      { settleDescendants: false },
    );
    if (run.stoppedWhenSilent) running.stoppedWhenSilent += 1;
    if (run.timedOut) {
      return {
        requirement: "adapter.timeouts.finishes-in-time",
        message: `${describeAdapterExit(run)} (${context.options.timeoutMs} ms) with this text in the envelope`,
        details: runEvidence(run),
      };
    }
    const notEvents = linesNotEvents(run);
    if (notEvents.length > 0) {
      return {
        requirement: "adapter.framing.stdout-only-json",
        message: `${notEvents.length} stdout line(s) are not a JSON event with a string type; the first: ${JSON.stringify(abbreviated(notEvents[0]!.text))}`,
        details: runEvidence(run),
      };
    }
    if (!run.stoppedWhenSilent && !exitCodeAgrees(run)) {
      const errors = adapterEvents(run).filter((event) => event.type === "error").length;
      return {
        message: `${describeAdapterExit(run)} ${errors > 0 ? "after writing an error event" : "without writing an error event"}: the exit code and the events disagree`,
        details: runEvidence(run),
      };
    }
    return undefined;
  },
  caveat: (running) =>
    running.stoppedWhenSilent > 0
      ? `${running.stoppedWhenSilent} case(s) were stopped ${running.stopWhenSilentMs} ms after the adapter's last line, since the preflight saw it linger after its work (adapter.cleanup.exits-after-work): their exit codes were not judged`
      : undefined,
  describe: (_setup, { request, conversation }) => ({
    request: abbreviated(request),
    conversation: abbreviated(conversation),
  }),
});
