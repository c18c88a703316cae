/**
 * timeouts (v2): the agent acknowledges the prompt, says something, and then never reports idle.
 * On v2 that is a hung agent: the acknowledgment ends only the prompt request, and the turn
 * is over at the idle state_update (prompt-lifecycle.mdx#2-prompt-accepted). In a second run
 * the agent never answers the prompt at all, as in v1. Each time the client must give up by
 * itself and report failure, as v1's client.timeouts.gives-up-on-hung-agent judges; any
 * `$/cancel_request` it sends (for the prompt it gave up on, say) is judged as in v1.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { recordOwnCancelRequests } from "../cancellation.js";
import { describeExit, runClient, succeeded } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { recordGivesUpOnHungAgent } from "../timeouts.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

export const hungAgentV2Scenario: Scenario = {
  id: "client.v2.timeouts.hung-agent",
  title:
    "the agent acknowledges the prompt, sends a message, and never reports idle; then an agent that never answers the prompt",
  mode: "client",
  requirements: ["client.timeouts.gives-up-on-hung-agent", "client.cancellation.own-cancel-request-valid"],
  waitsOutDeadline: true,
  async run(context) {
    const before = nonce("before-hang");
    // The message comes after a pause, so a client that ends its turn at the acknowledgment is gone before it.
    const run = await runClient(
      context,
      agentScriptV2([{ delay: 1_500 }, { message: before }, { hang: true }]),
    );
    recordGenericClientV2Checks(context, run);
    recordOwnCancelRequests(context, run);
    if (succeeded(run) && !run.output.includes(before)) {
      // Exit 0 without the turn's text: most likely it took the acknowledgment for the turn's end,
      // which client.v2.prompt.turn-ends-at-idle judges; whether it would give up is unseen.
      checkNotExercised(
        context,
        "client.timeouts.gives-up-on-hung-agent",
        `the client ended without showing the text the agent sent in the turn (${describeExit(run)}): it did not wait for the turn, so whether it gives up on one that never ends is unseen`,
      );
    } else
      recordGivesUpOnHungAgent(context, run, "the agent acknowledged the prompt and never reported idle");
    // The prompt is never answered (the agent waits longer than any client).
    const unanswered = await runClient(
      context,
      agentScriptV2([{ stop: "end_turn" }], { promptAnswer: { delayMs: 600_000 } }),
    );
    recordGenericClientV2Checks(context, unanswered);
    recordOwnCancelRequests(context, unanswered);
    recordGivesUpOnHungAgent(context, unanswered, "the agent never answered the prompt");
  },
};
