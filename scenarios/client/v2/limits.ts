/**
 * limits (v2): in a v2 turn, a 16 MiB agent_message_chunk, and floods of agent stdout without a
 * newline (64 MiB, then 256 MiB), recording v1's client.limits.large-frame and flood-bounded
 * (transports.mdx sets no size limit in either version). Each comes after a pause, so a client
 * that ends its turn at the acknowledgment is gone before it and is reported not tested.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { describeExit, runClient, type ClientRun } from "../driver.js";
import { recordFloodBounded, recordLargeFrame } from "../limits.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const MIB = 1024 * 1024;
/** Past the second the kit's agent lingers after its stdin closes. */
const PAUSE = { delay: 1_500 };

const sentMarker = (run: ClientRun, marker: string) =>
  run.events.some((event) => event.kind === "sent" && event.text.includes(marker));

export const largeFrameV2Scenario: Scenario = {
  id: "client.v2.limits.large-frame",
  title: "a 16 MiB agent_message_chunk in a v2 turn",
  mode: "client",
  requirements: ["client.limits.large-frame"],
  async run(context) {
    const big = nonce("big");
    const run = await runClient(
      context,
      agentScriptV2([PAUSE, { bigMessage: { bytes: 16 * MIB, text: big } }, { stop: "end_turn" }]),
    );
    recordGenericClientV2Checks(context, run);
    if (!sentMarker(run, big))
      checkNotExercised(
        context,
        "client.limits.large-frame",
        `the client's turn was over before the 16 MiB frame came (${describeExit(run)})`,
      );
    else recordLargeFrame(context, run);
  },
};

export const stdoutFloodV2Scenario: Scenario = {
  id: "client.v2.limits.stdout-flood",
  title: "64 MiB, then 256 MiB, of agent stdout without a newline in a v2 turn",
  mode: "client",
  requirements: ["client.limits.flood-bounded"],
  async run(context) {
    const flood = (bytes: number) =>
      runClient(
        context,
        agentScriptV2([PAUSE, { message: nonce("flood-next") }, { flood: { bytes } }, { hang: true }]),
        {
          sampleMemory: true,
        },
      );
    const small = await flood(64 * MIB);
    recordGenericClientV2Checks(context, small);
    // The flood is written after a message: a client that got the message was still reading when it began.
    if (!small.events.some((event) => event.kind === "sent" && event.text.includes("flood-next"))) {
      checkNotExercised(
        context,
        "client.limits.flood-bounded",
        `the client's turn was over before the flood came (${describeExit(small)})`,
      );
      return;
    }
    recordFloodBounded(context, small, await flood(256 * MIB));
  },
};
