/**
 * framing (v2): an ordinary v2 turn with the agent's frames split into small writes, ended in
 * CRLF, and with 1 MiB on the agent's stderr alongside. The bytes on the pipe are the same in
 * both versions (transports.mdx#stdio), so these record v1's requirements (`versions: [1, 2]`)
 * with v1's judgment (../shared-checks.ts): the client completes the turn.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import type { Faults } from "../../../peers/script-types.js";
import { nonce } from "../agent-scripts.js";
import { runClient } from "../driver.js";
import { checkTurnCompleted } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

function framingScenario(
  slug: string,
  requirement: RequirementId,
  what: string,
  faults: Faults,
  stderrBytes = 0,
): Scenario {
  return {
    id: `client.v2.framing.${slug}`,
    title: `a v2 turn ${what}`,
    mode: "client",
    requirements: [requirement],
    async run(context) {
      const text = nonce("turn");
      const run = await runClient(
        context,
        agentScriptV2(
          [
            ...(stderrBytes > 0 ? [{ flood: { bytes: stderrBytes, stream: "stderr" as const } }] : []),
            { message: text },
            { stop: "end_turn" },
          ],
          { faults },
        ),
      );
      recordGenericClientV2Checks(context, run);
      checkTurnCompleted(context, requirement, run, text, what);
    },
  };
}

export const splitFramesV2Scenario = framingScenario(
  "split-frames",
  "client.framing.reassembles-split-frames",
  "whose frames came in 8 pieces each, 20 ms apart",
  { split: { pieces: 8, delayMs: 20 } },
);

export const crlfV2Scenario = framingScenario(
  "crlf",
  "client.framing.accepts-crlf",
  "whose frames ended in CRLF",
  { crlf: true },
);

export const stderrFloodV2Scenario = framingScenario(
  "stderr-flood",
  "client.framing.drains-stderr",
  "while the agent wrote 1 MiB to stderr",
  {},
  1024 * 1024,
);
