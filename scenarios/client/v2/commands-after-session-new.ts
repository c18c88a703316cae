/**
 * events (v2): the kit's v2 agent sends an available_commands_update right after its session/new
 * answer, before any prompt (slash-commands.mdx#advertising-commands: an agent may advertise its
 * commands as soon as the session exists), as v1's update-timing.ts does; in v2's shapes, with one
 * command whose input is of type text and one whose input is of a type v2 does not define
 * (`_kit_input`, which migration.mdx#slash-commands lets a client ignore). The client must keep
 * working: it prompts and answers the agent's `_kit/alive` probe at the start of the turn.
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
    const probed = run.events.some((event) => event.kind === "response" && event.method === PROBE);
    const prompted = clientMessages(run).some((message) => message.method === "session/prompt");
    context.check(
      probed
        ? {
            requirement,
            verdict: "pass",
            message: `after an available_commands_update sent right after the session/new answer, the client prompted and answered the agent's ${PROBE} probe${succeeded(run) ? "; the turn completed" : `; then ${describeExit(run)}`}`,
          }
        : {
            requirement,
            verdict: "fail",
            message: `after an available_commands_update (inputs of type text and _kit_input) sent right after the session/new answer, the client never answered the agent's ${PROBE} probe at the start of the turn (${prompted ? "it did prompt" : "it never prompted"}): ${describeExit(run)}`,
            evidence: { stderrTail: run.stderrTail },
          },
    );
  },
};
