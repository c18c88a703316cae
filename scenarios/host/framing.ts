/**
 * framing: how the host reads the adapter's event lines when a line does not arrive in one
 * write. (The envelope the host writes is checked on every run, in generic-checks.ts.)
 */
import type { Scenario } from "../../kit/scenario.js";
import { splitLineActions } from "../harness/split-line.js";
import { completed, describeHostExit, nonce, runHost, shown } from "./driver.js";
import { recordEnvelopeCheck } from "./generic-checks.js";
import { recordNotTestedUnlessControlShown, withControl } from "./shared-checks.js";

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
    if (recordNotTestedUnlessControlShown(context, run, control, "host.framing.reassembles-split-lines"))
      return;
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
