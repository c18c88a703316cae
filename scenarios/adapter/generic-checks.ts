/**
 * The checks recorded on every adapter run, whatever its task: stdout hygiene, event shapes,
 * the exit code against the events, a timely exit, nothing left running, nothing changed
 * outside the cwd. What each run is for beyond these is checked by its scenario.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { listSurvivors, survivorEvidence } from "../../kit/process/tree.js";
import { stdioFrameProblems } from "../../kit/stdio/stdio-schema.js";
import { adapterEvents, describeAdapterExit, lingerStopMs, type AdapterRun } from "./driver.js";
import { exitCodeAgrees, linesNotEvents } from "./event-rules.js";

export const GENERIC_ADAPTER_REQUIREMENTS = [
  "adapter.framing.stdout-only-json",
  "adapter.events.message-shape",
  "adapter.events.error-shape",
  "adapter.events.exit-code-agrees",
  "adapter.timeouts.finishes-in-time",
  "adapter.cleanup.exits-after-work",
  "adapter.cleanup.no-descendants",
  "adapter.fs.stays-in-cwd",
] as const satisfies readonly RequirementId[];

/** Every generic check of one run; once the kit had to kill the adapter, only those that do not depend on how it ended. */
export function recordGenericAdapterChecks(context: ScenarioContext, run: AdapterRun): void {
  const events = adapterEvents(run);

  const notJson = linesNotEvents(run);
  context.check(
    notJson.length > 0
      ? {
          requirement: "adapter.framing.stdout-only-json",
          verdict: "fail",
          message: `${notJson.length} stdout line(s) are not a JSON event with a string type; the first: ${JSON.stringify(notJson[0]!.text.slice(0, 160))}`,
        }
      : {
          requirement: "adapter.framing.stdout-only-json",
          verdict: "pass",
          message: `${run.lines.length} stdout lines, each one JSON event`,
        },
  );

  const messages = events.filter((event) => event.type === "message");
  const badMessage = messages
    .map((event) => ({ event, problem: stdioFrameProblems("stdio-adapter", "MessageEvent", event) }))
    .find((checked) => checked.problem !== undefined);
  if (badMessage)
    context.check({
      requirement: "adapter.events.message-shape",
      verdict: "fail",
      message: `a message event with the wrong shape (${badMessage.problem}): ${JSON.stringify(badMessage.event).slice(0, 200)}`,
    });
  else if (messages.length > 0)
    context.check({
      requirement: "adapter.events.message-shape",
      verdict: "pass",
      message: `${messages.length} message events, each with a string text`,
    });

  const errors = events.filter((event) => event.type === "error");
  const badError = errors
    .map((event) => ({ event, problem: stdioFrameProblems("stdio-adapter", "ErrorEvent", event) }))
    .find((checked) => checked.problem !== undefined);
  if (badError)
    context.check({
      requirement: "adapter.events.error-shape",
      verdict: "fail",
      message: `an error event with the wrong shape (${badError.problem}): ${JSON.stringify(badError.event).slice(0, 200)}`,
    });
  else if (errors.length > 0)
    context.check({
      requirement: "adapter.events.error-shape",
      verdict: "pass",
      message: `${errors.length} error events, each well formed`,
    });

  if (run.timedOut) {
    context.check({
      requirement: "adapter.timeouts.finishes-in-time",
      verdict: "fail",
      message: `${describeAdapterExit(run)} (${context.options.timeoutMs} ms); the kit killed its process group`,
      evidence: { stderrTail: run.stderrTail },
    });
    return; // the kit ended it: its exit code, cleanup and edits are not its own doing
  }
  if (run.stoppedWhenSilent) {
    // The preflight saw this adapter linger after its work (adapter.cleanup.exits-after-work
    // fails there); waiting out the linger again would only slow the verdict.
    const why = `the kit stopped the adapter ${lingerStopMs(context)} ms after its last line, since the preflight saw it linger after its work (adapter.cleanup.exits-after-work), so how it would have ended is unknown`;
    context.check({ requirement: "adapter.timeouts.finishes-in-time", verdict: "not-tested", message: why });
    context.check({ requirement: "adapter.events.exit-code-agrees", verdict: "not-tested", message: why });
  } else {
    context.check({
      requirement: "adapter.timeouts.finishes-in-time",
      verdict: "pass",
      message: `${describeAdapterExit(run)} after ${Math.round((run.exitedAtMs ?? 0) / 100) / 10} s`,
    });
  }

  if (!run.stoppedWhenSilent)
    context.check(
      exitCodeAgrees(run)
        ? {
            requirement: "adapter.events.exit-code-agrees",
            verdict: "pass",
            message: `${describeAdapterExit(run)} ${errors.length > 0 ? "after an error event" : "and wrote no error event"}`,
          }
        : {
            requirement: "adapter.events.exit-code-agrees",
            verdict: "fail",
            message: `${describeAdapterExit(run)} ${errors.length > 0 ? "after writing an error event" : "without writing an error event"}: the exit code and the events disagree`,
          },
    );

  if (run.lastOutputAtMs !== undefined && run.exitedAtMs !== undefined) {
    const lingered = run.exitedAtMs - run.lastOutputAtMs;
    context.check(
      lingered > context.options.closeGraceMs
        ? {
            requirement: "adapter.cleanup.exits-after-work",
            verdict: "fail",
            message: `the adapter exited ${Math.round(lingered)} ms after its last event; --close-grace is ${context.options.closeGraceMs} ms`,
          }
        : {
            requirement: "adapter.cleanup.exits-after-work",
            verdict: "pass",
            message: `the adapter exited ${Math.round(lingered)} ms after its last event`,
          },
    );
  }

  context.check(
    run.survivors.length > 0
      ? {
          requirement: "adapter.cleanup.no-descendants",
          verdict: "fail",
          message: `${run.survivors.length} process(es) the adapter started outlived it: ${listSurvivors(run.survivors)}${run.settledMs === 0 ? " (listed as it exited: the preflight saw its helpers outlive it already, so the kit did not wait for them again)" : ""}`,
          evidence: { processes: survivorEvidence(run.survivors) },
        }
      : {
          requirement: "adapter.cleanup.no-descendants",
          verdict: "pass",
          message: "nothing the adapter started outlived it",
        },
  );

  context.check(
    run.changesOutsideCwd.length > 0
      ? {
          requirement: "adapter.fs.stays-in-cwd",
          verdict: "fail",
          message: `the adapter changed files outside its working directory: ${run.changesOutsideCwd.join(", ")}`,
          evidence: { details: run.changesOutsideCwd },
        }
      : {
          requirement: "adapter.fs.stays-in-cwd",
          verdict: "pass",
          message: "the canary tree beside the working directory is untouched",
        },
  );
}
