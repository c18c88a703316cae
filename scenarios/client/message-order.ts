/**
 * The order of what the client sends, under an agent that takes its time: the kit's agent
 * answers initialize only after 1.5 s (a client that does not wait sends its session/new, or
 * anything else, into the gap, and order-checks.ts sees it), and during the turn it sends
 * notifications of several kinds (session/update, and a custom _kit/ notification the client
 * does not know), none of which the client may answer. The checks themselves are the generic
 * ones every run records (order-checks.ts, params-checks.ts); this run is where a client that
 * does not wait, or answers a notification it does not know, shows it.
 */
import type { Scenario } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { runClient } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";

/** Long enough that a client that does not wait for the answer has written its next message. */
const INITIALIZE_DELAY_MS = 1_500;

export const delayedInitializeScenario: Scenario = {
  id: "client.initialization.delayed-initialize",
  title: "the agent answers initialize after 1.5 s and sends notifications of several kinds during the turn",
  mode: "client",
  requirements: [
    "client.initialization.initialize-first",
    "client.initialization.session-after-initialize",
    "client.prompt.prompt-after-setup",
    "client.jsonrpc.no-reply-to-notification",
  ],
  async run(context) {
    const run = await runClient(
      context,
      agentScript(
        [
          { thought: "thinking about the order of things" },
          {
            frame:
              '{"jsonrpc":"2.0","method":"_kit/notice","params":{"sessionId":"{{sessionId}}","note":"no answer"}}',
          },
          { message: nonce("in-order") },
          { frame: '{"jsonrpc":"2.0","method":"_kit/progress","params":{"done":1,"of":1}}' },
          { stop: "end_turn" },
        ],
        // Fixed session ids: what a session is called must not depend on how many other ids the agent made first.
        {
          initialize: { delayMs: INITIALIZE_DELAY_MS },
          sessionIds: ["kit-ordered-1", "kit-ordered-2", "kit-ordered-3"],
        },
      ),
    );
    recordGenericClientChecks(context, run);
  },
};
