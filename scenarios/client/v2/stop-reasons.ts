/**
 * prompt (v2): the turn's idle state_update carries each stop reason other than end_turn
 * (max_tokens, max_turn_requests, refusal, cancelled without the client having cancelled, and a
 * custom one, _kit_stop),
 * one run of the client each, as v1's client.prompt.stop-reasons does with the prompt's
 * response. The client must end the turn: exit by itself before --client-timeout. After the
 * first reason the client hangs on, the rest are not run.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { clientMessages, describeExit, runClient } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

/** The last is custom: a custom or future stop reason ends the turn with a generic stopped state (prompt-lifecycle.mdx#stop-reasons). */
const STOP_REASONS = ["max_tokens", "max_turn_requests", "refusal", "cancelled", "_kit_stop"] as const;
const requirement = "client.v2.prompt.ends-turn-on-every-stop-reason";

export const stopReasonsV2Scenario: Scenario = {
  id: "client.v2.prompt.stop-reasons",
  title:
    "the turn's idle state_update says max_tokens, max_turn_requests, refusal, cancelled and a custom _kit_stop, one client run each",
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
      const run = await runClient(context, agentScriptV2([{ message: text }, { stop: reason }]));
      recordGenericClientV2Checks(context, run);
      if (!clientMessages(run).some((message) => message.method === "session/prompt")) {
        checkNotExercised(
          context,
          requirement,
          `the client never prompted (${describeExit(run)}), so no ${reason} was sent`,
        );
      } else if (run.timedOut || !run.exit || run.exit.code === null) {
        if (run.timedOut) hungOn = reason;
        context.check({
          requirement,
          verdict: "fail",
          message: `the turn went idle with stopReason ${reason}: ${describeExit(run)}; expected the client to end the turn and exit by itself`,
          evidence: { stderrTail: run.stderrTail, timings: { durationMs: run.durationMs } },
        });
      } else {
        context.check({
          requirement,
          verdict: "pass",
          message: `the turn went idle with stopReason ${reason}: the client ended the turn and exited with code ${run.exit.code} (the spec leaves success to the client)${run.output.includes(text) ? ", showing the agent's text" : ""}`,
        });
      }
    }
  },
};
