/**
 * prompt: the kit's agent answers the prompt with each stop reason other than end_turn
 * (max_tokens, max_turn_requests, refusal, and cancelled without the client having cancelled),
 * one run of the client each. The client must end the turn: exit by itself before
 * --client-timeout, not killed by a signal. Whether it calls such a turn a success is its own
 * policy (the spec does not say), so the exit code is only reported. After the first reason the
 * client hangs on, the rest are not run: each would only wait out the same timeout again.
 */
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

const STOP_REASONS = ["max_tokens", "max_turn_requests", "refusal", "cancelled"] as const;
const requirement = "client.prompt.ends-turn-on-every-stop-reason";

const prompted = (run: ClientRun) =>
  clientMessages(run).some((message) => message.method === "session/prompt");

export const stopReasonsScenario: Scenario = {
  id: "client.prompt.stop-reasons",
  title: "the prompt is answered max_tokens, max_turn_requests, refusal and cancelled, one client run each",
  mode: "client",
  requirements: [requirement],
  // A client that wedges here is seen only when --client-timeout runs out: started first, that
  // wait overlaps the rest of the run instead of trailing it.
  waitsOutDeadline: true,
  async run(context) {
    let hungOn: string | undefined;
    for (const reason of STOP_REASONS) {
      if (hungOn) {
        checkNotExercised(
          context,
          requirement,
          `not run for ${reason}: the client already hung on ${hungOn}`,
        );
        continue;
      }
      const text = nonce(`stop-${reason}`);
      const run = await runClient(context, agentScript([{ message: text }, { stop: reason }]));
      recordGenericClientChecks(context, run);
      if (!prompted(run)) {
        checkNotExercised(
          context,
          requirement,
          `the client never prompted (${describeExit(run)}), so no ${reason} answer was sent`,
        );
      } else if (run.timedOut || !run.exit || run.exit.code === null) {
        if (run.timedOut) hungOn = reason;
        context.check({
          requirement,
          verdict: "fail",
          message: `the prompt answered with stopReason ${reason}: ${describeExit(run)}; expected the client to end the turn and exit by itself`,
          evidence: { stderrTail: run.stderrTail, timings: { durationMs: run.durationMs } },
        });
      } else {
        context.check({
          requirement,
          verdict: "pass",
          message: `the prompt answered with stopReason ${reason}: the client ended the turn and exited with code ${run.exit.code} (${run.exit.code === 0 ? "it takes the turn as a success" : "it takes the turn as a failure"}; the spec leaves that to the client)${run.output.includes(text) ? ", showing the agent's text" : ""}`,
        });
      }
    }
  },
};
