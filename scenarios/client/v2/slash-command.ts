/**
 * prompt, slash commands (v2): as v1's slash-command.ts, in v2's shapes. The kit's v2 agent
 * advertises a command (type `command`, its input of type `text`) in its turn. A client that can
 * be made to run it (its test entry point does when ACP_CONFORMANCE_SCENARIO ends with
 * `prompt.slash-command`, peers/reference/command-run.ts) must send it as an ordinary
 * session/prompt whose text starts with /<name> (slash-commands.mdx#running-commands: there is no
 * dedicated method). A later prompt that names the command counts as running it; a client that
 * never names it is not tested.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { runClient } from "../driver.js";
import { COMMAND, recordCommandAsPrompt } from "../slash-command.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const requirement = "client.prompt.command-as-prompt";

export const slashCommandV2Scenario: Scenario = {
  id: "client.v2.prompt.slash-command",
  title: "the agent advertises a slash command; a client that runs it sends a prompt starting with /name",
  mode: "client",
  requirements: [requirement],
  async run(context) {
    const run = await runClient(
      context,
      agentScriptV2([
        {
          update: {
            sessionUpdate: "available_commands_update",
            availableCommands: [
              {
                type: "command",
                name: COMMAND,
                description: "Summarize what you are given",
                input: { type: "text", hint: "what to summarize" },
              },
            ],
          },
        },
        { message: nonce("commands-advertised-v2") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientV2Checks(context, run);
    recordCommandAsPrompt(context, run, slashCommandV2Scenario.id);
  },
};
