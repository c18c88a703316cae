/** The one registry of adapter-mode scenarios (the kit plays the host). */
import type { Scenario } from "../../kit/scenario.js";
import { adapterTaskContentProperty } from "./properties.js";
import { adapterEvents, describeAdapterExit, envelopeLine, PROMPT, runAdapter, TASK } from "./driver.js";
import { recordGenericAdapterChecks, recordOutputLimits } from "./checks.js";

export { GENERIC_ADAPTER_REQUIREMENTS } from "./checks.js";

export const ordinaryTaskScenario: Scenario = {
  id: "adapter.task.ordinary",
  title: "an ordinary task",
  mode: "adapter",
  requirements: ["adapter.limits.stdout-bounded", "adapter.limits.stderr-bounded"],
  async run(context) {
    const run = await runAdapter(context, envelopeLine(TASK, PROMPT));
    recordGenericAdapterChecks(context, run);
    if (!run.timedOut) recordOutputLimits(context, run);
  },
};

export const largeEnvelopeScenario: Scenario = {
  id: "adapter.task.large-envelope",
  title: "a 256 KiB envelope",
  mode: "adapter",
  requirements: ["adapter.limits.large-envelope"],
  async run(context) {
    const base = envelopeLine(TASK, "");
    const prompt =
      `${PROMPT}\n${"conversation filler. ".repeat(Math.ceil((256 * 1024 - base.length) / 21))}`.slice(
        0,
        256 * 1024 - base.length - 1,
      );
    const run = await runAdapter(context, envelopeLine(TASK, prompt));
    recordGenericAdapterChecks(context, run);
    if (run.timedOut) {
      context.check({
        requirement: "adapter.limits.large-envelope",
        verdict: "not-tested",
        message: "not exercised: the adapter did not finish (see adapter.timeouts.finishes-in-time)",
      });
      return;
    }
    // Hosts may pass envelopes up to the runtime's 256 KiB input limit: refusing one fails real tasks.
    const errors = adapterEvents(run).filter((event) => event.type === "error");
    const completed = !run.timedOut && run.exit?.code === 0 && errors.length === 0;
    context.check(
      completed
        ? {
            requirement: "adapter.limits.large-envelope",
            verdict: "pass",
            message: "a 256 KiB envelope was handled like any other",
          }
        : {
            requirement: "adapter.limits.large-envelope",
            verdict: "fail",
            message: `a 256 KiB envelope: ${describeAdapterExit(run)}${errors.length > 0 ? `, with the error ${JSON.stringify(errors[0]!.message ?? "")}` : ""}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};

export const unsupportedVersionScenario: Scenario = {
  id: "adapter.task.unsupported-version",
  title: "an envelope with protocolVersion 2",
  mode: "adapter",
  requirements: ["adapter.events.rejects-unsupported-version"],
  async run(context) {
    const run = await runAdapter(context, envelopeLine(TASK, PROMPT, 2));
    recordGenericAdapterChecks(context, run);
    if (run.timedOut) {
      context.check({
        requirement: "adapter.events.rejects-unsupported-version",
        verdict: "not-tested",
        message: "not exercised: the adapter did not finish (see adapter.timeouts.finishes-in-time)",
      });
      return;
    }
    const errors = adapterEvents(run).filter((event) => event.type === "error");
    const refused = run.exit?.code !== 0 && errors.length > 0;
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

export const ADAPTER_SCENARIOS: readonly Scenario[] = [
  ordinaryTaskScenario,
  largeEnvelopeScenario,
  unsupportedVersionScenario,
  // Property-based: generated cases from --seed, --runs per property (scenarios/properties/).
  adapterTaskContentProperty,
];
