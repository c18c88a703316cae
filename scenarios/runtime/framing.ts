/**
 * framing: the runtime reads the agent's stdout as lines, so a line the agent writes in pieces
 * still becomes one event. (The framing checks made on every run are in generic-checks.ts.)
 */
import type { Scenario } from "../../kit/scenario.js";
import { splitLineActions } from "../harness/split-line.js";
import { completed, describeRuntimeRun, messageTexts, nonce, runRuntime } from "./driver.js";
import { recordGenericRuntimeChecks } from "./generic-checks.js";

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
