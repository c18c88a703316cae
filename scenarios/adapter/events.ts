/**
 * events: what the adapter's events say about the task. (Their shapes, and whether the exit
 * code agrees with them, are checked on every run in generic-checks.ts.) An envelope of a
 * protocol version the adapter does not speak is refused with an error event.
 */
import type { Scenario } from "../../kit/scenario.js";
import { adapterEvents, describeAdapterExit, envelopeLine, PROMPT, runAdapter, TASK } from "./driver.js";
import { recordGenericAdapterChecks } from "./generic-checks.js";
import { recordNotTestedUnlessFinished } from "./shared-checks.js";

export const unsupportedVersionScenario: Scenario = {
  id: "adapter.task.unsupported-version",
  title: "an envelope with protocolVersion 2",
  mode: "adapter",
  requirements: ["adapter.events.rejects-unsupported-version"],
  async run(context) {
    const run = await runAdapter(context, envelopeLine(TASK, PROMPT, 2));
    recordGenericAdapterChecks(context, run);
    if (recordNotTestedUnlessFinished(context, run, "adapter.events.rejects-unsupported-version")) return;
    const errors = adapterEvents(run).filter((event) => event.type === "error");
    if (run.stoppedWhenSilent && errors.length === 0) {
      // Stopped after its last line (a lingering adapter): an error event may still have been coming.
      context.check({
        requirement: "adapter.events.rejects-unsupported-version",
        verdict: "not-tested",
        message: `${describeAdapterExit(run)} before any error event, since the preflight saw it linger after its work (adapter.cleanup.exits-after-work)`,
      });
      return;
    }
    const refused = (run.stoppedWhenSilent || run.exit?.code !== 0) && errors.length > 0;
    context.check(
      refused
        ? {
            requirement: "adapter.events.rejects-unsupported-version",
            verdict: "pass",
            message: `protocolVersion 2 was refused with an error event (${describeAdapterExit(run)})`,
          }
        : {
            requirement: "adapter.events.rejects-unsupported-version",
            verdict: "fail",
            message: `protocolVersion 2 should be refused with an error event and a nonzero exit; ${describeAdapterExit(run)}${errors.length === 0 ? " without an error event" : ""}`,
          },
    );
  },
};
