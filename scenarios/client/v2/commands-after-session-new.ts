/**
 * events (v2): the kit's v2 agent sends an available_commands_update right after its session/new
 * answer, before any prompt (slash-commands.mdx#advertising-commands: an agent may advertise its
 * commands as soon as the session exists), as v1's update-timing.ts does; in v2's shapes, with one
 * command whose input is of type text and one whose input is of a type v2 does not define
 * (`_kit_input`, which migration.mdx#slash-commands lets a client ignore). The client must keep
 * working: it prompts and answers the agent's `_kit/alive` probe in the turn.
 *
 * The probe waits 1.5 s after the acknowledgment, and the kit's v2 agent sends no scripted request
 * once its stdin has ended, so a client that ends its turn at the acknowledgment (a defect judged by
 * client.v2.prompt.turn-ends-at-idle) is gone before the probe and is never sent a request it
 * cannot answer. Such a client, gone with exit 0 and never probed, is not tested here; one that
 * exited otherwise after the update, or was probed and did not answer, failed.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const PROBE = "_kit/alive";
const requirement = "client.events.survives-commands-update";

const COMMANDS_UPDATE = {
  sessionUpdate: "available_commands_update",
  availableCommands: [
    { type: "command", name: "kit-review", description: "Review the changes" },
    {
      type: "command",
      name: "kit-search",
      description: "Search the code",
      input: { type: "text", hint: "what to look for" },
    },
    {
      type: "command",
      name: "kit-pick",
      description: "Pick a file",
      input: { type: "_kit_input", choices: ["a", "b"] },
    },
  ],
};

export const commandsAfterSessionNewV2Scenario: Scenario = {
  id: "client.v2.events.commands-after-session-new",
  title:
    "an available_commands_update (inputs of type text and _kit_input) comes right after the session/new answer, before any prompt",
  mode: "client",
  requirements: [requirement],
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2(
        [
          { delay: 1_500 }, // a client that leaves at the acknowledgment has closed the agent's stdin by then, and the mock agent sends no request after that
          { request: { method: PROBE, params: { after: "available_commands_update" } } },
          { message: nonce("commands-v2-last") },
          { stop: "end_turn" },
        ],
        { sessionNewUpdates: { after: [COMMANDS_UPDATE] } },
      ),
    );
    recordGenericClientV2Checks(context, run);
    // The agent sends the update only with a session/new it answered: one with an absolute cwd.
    const sessionAnswered = run.events.some(
      (event) => event.kind === "sent" && event.text.includes('"available_commands_update"'),
    );
    if (!sessionAnswered) {
      checkNotExercised(context, requirement, `the client never got a session (${describeExit(run)})`);
      return;
    }
    const prompted = clientMessages(run).some((message) => message.method === "session/prompt");
    const probeSent = run.events.some((event) => event.kind === "sent" && event.text.includes(`"${PROBE}"`));
    const probed = run.events.some((event) => event.kind === "response" && event.method === PROBE);
    if (!probeSent && prompted && succeeded(run)) {
      checkNotExercised(
        context,
        requirement,
        `the client prompted after the update and ended its turn (exit 0) before the agent's ${PROBE} probe, 1.5 s after the acknowledgment, was sent`,
      );
      return;
    }
    context.check(
      probed
        ? {
            requirement,
            verdict: "pass",
            message: `after an available_commands_update (inputs of type text and _kit_input) sent right after the session/new answer, the client prompted and answered the agent's ${PROBE} probe${succeeded(run) ? "; the turn completed" : `; then ${describeExit(run)}`}`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `after an available_commands_update (inputs of type text and _kit_input) sent right after the session/new answer, the client ${probeSent ? `never answered the agent's ${PROBE} probe` : `was gone before the agent's ${PROBE} probe (${prompted ? "it did prompt" : "it never prompted"})`}: ${describeExit(run)}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};
