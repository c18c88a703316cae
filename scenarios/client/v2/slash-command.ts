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
import { clientMessages, describeExit, runClient } from "../driver.js";
import type { Message } from "../wire-frames.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const COMMAND = "kit-summarize";
const requirement = "client.prompt.command-as-prompt";

/** The text of a session/prompt's blocks, joined. */
function promptText(message: Message): string {
  const blocks = (message.params as Message | undefined)?.prompt;
  if (!Array.isArray(blocks)) return "";
  return blocks
    .map((block) => (block?.type === "text" && typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

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
    const prompts = clientMessages(run).filter((message) => message.method === "session/prompt");
    // The first prompt went out before the command was advertised; only later ones can run it.
    const runs = prompts.slice(1).filter((message) => promptText(message).includes(COMMAND));
    if (runs.length === 0) {
      context.check({
        requirement,
        verdict: "not-tested",
        message: `not exercised: the client never ran the advertised /${COMMAND} (${prompts.length} prompt(s); ${describeExit(run)})`,
        unlock: `a test entry point that runs the first advertised command as its next prompt when ACP_CONFORMANCE_SCENARIO is ${slashCommandV2Scenario.id}`,
      });
      return;
    }
    for (const message of runs) {
      const text = promptText(message);
      const runsIt =
        text === `/${COMMAND}` || text.startsWith(`/${COMMAND} `) || text.startsWith(`/${COMMAND}\n`);
      context.check(
        runsIt
          ? {
              requirement,
              verdict: "pass",
              message: `the client ran /${COMMAND} as a prompt: ${JSON.stringify(text.slice(0, 200))}`,
            }
          : {
              requirement,
              verdict: "fail",
              message: `the client's prompt naming the advertised command is ${JSON.stringify(text.slice(0, 200))}; a command runs as prompt text starting with /${COMMAND}`,
            },
      );
    }
  },
};
