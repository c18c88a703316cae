/**
 * limits: an ordinary task keeps the adapter's stdout and stderr under the 2 MiB a host reads
 * of each, and an envelope as large as a host may pass (256 KiB) is handled like any other.
 */
import type { Scenario } from "../../kit/scenario.js";
import { adapterEvents, describeAdapterExit, envelopeLine, PROMPT, runAdapter, TASK } from "./driver.js";
import { recordGenericAdapterChecks } from "./generic-checks.js";
import { recordNotTestedUnlessFinished } from "./shared-checks.js";

const MIB = 1024 * 1024;

export const ordinaryTaskScenario: Scenario = {
  id: "adapter.task.ordinary",
  title: "an ordinary task",
  mode: "adapter",
  requirements: ["adapter.limits.stdout-bounded", "adapter.limits.stderr-bounded"],
  async run(context) {
    const run = await runAdapter(context, envelopeLine(TASK, PROMPT));
    recordGenericAdapterChecks(context, run);
    if (run.timedOut) return;
    context.check(
      run.stdoutBytes >= 2 * MIB
        ? {
            requirement: "adapter.limits.stdout-bounded",
            verdict: "fail",
            message: `an ordinary task wrote ${run.stdoutBytes} bytes to stdout; hosts cut it off at 2 MiB`,
          }
        : {
            requirement: "adapter.limits.stdout-bounded",
            verdict: "pass",
            message: `${run.stdoutBytes} bytes of stdout`,
          },
    );
    context.check(
      run.stderrBytes >= 2 * MIB
        ? {
            requirement: "adapter.limits.stderr-bounded",
            verdict: "fail",
            message: `an ordinary task wrote ${run.stderrBytes} bytes to stderr; hosts cut it off at 2 MiB`,
          }
        : {
            requirement: "adapter.limits.stderr-bounded",
            verdict: "pass",
            message: `${run.stderrBytes} bytes of stderr`,
          },
    );
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
    if (recordNotTestedUnlessFinished(context, run, "adapter.limits.large-envelope")) return;
    // Hosts may pass envelopes up to the runtime's 256 KiB input limit: refusing one fails real tasks.
    const errors = adapterEvents(run).filter((event) => event.type === "error");
    if (run.stoppedWhenSilent && errors.length === 0) {
      // Stopped after its last line (a lingering adapter): how it would have ended is unknown.
      context.check({
        requirement: "adapter.limits.large-envelope",
        verdict: "not-tested",
        message: `${describeAdapterExit(run)} without an error event, since the preflight saw it linger after its work (adapter.cleanup.exits-after-work): whether it would have finished cleanly is unknown`,
      });
      return;
    }
    const completed = !run.timedOut && (run.stoppedWhenSilent || run.exit?.code === 0) && errors.length === 0;
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
