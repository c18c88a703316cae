/**
 * prompt, slash commands: the agent advertises a command in its turn. A client that can be made
 * to run it (its test entry point does when ACP_CONFORMANCE_SCENARIO is this scenario's id)
 * must send it as an ordinary session/prompt whose text starts with /<name>
 * (slash-commands.mdx#running-commands). A later prompt that names the command counts as
 * running it; a client that never names it is not tested.
 */
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { type ClientRun, clientMessages, describeExit, runClient } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import type { Message } from "./wire-frames.js";

export const COMMAND = "kit-summarize";

/** The text of a session/prompt's blocks, joined. */
function promptText(message: Message): string {
  const blocks = (message.params as Message | undefined)?.prompt;
  if (!Array.isArray(blocks)) return "";
  return blocks
    .map((block) => (block?.type === "text" && typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

export const slashCommandScenario: Scenario = {
  id: "client.prompt.slash-command",
  title: "the agent advertises a slash command; a client that runs it sends a prompt starting with /name",
  mode: "client",
  requirements: ["client.prompt.command-as-prompt"],
  async run(context) {
    const run = await runClient(
      context,
      agentScript([
        {
          availableCommands: [
            {
              name: COMMAND,
              description: "Summarize what you are given",
              input: { hint: "what to summarize" },
            },
          ],
        },
        { message: nonce("commands-advertised") },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientChecks(context, run);
    recordCommandAsPrompt(context, run, slashCommandScenario.id);
  },
};

/**
 * command-as-prompt over a run whose agent advertised /kit-summarize (v1's and v2's scenarios):
 * a later prompt that names the command must start with /kit-summarize.
 */
export function recordCommandAsPrompt(context: ScenarioContext, run: ClientRun, scenarioId: string): void {
  const requirement = "client.prompt.command-as-prompt";
  const prompts = clientMessages(run).filter((message) => message.method === "session/prompt");
  // The first prompt went out before the command was advertised; only later ones can run it.
  const runs = prompts.slice(1).filter((message) => promptText(message).includes(COMMAND));
  if (runs.length === 0) {
    context.check({
      requirement,
      verdict: "not-tested",
      message: `not exercised: the client never ran the advertised /${COMMAND} (${prompts.length} prompt(s); ${describeExit(run)})`,
      unlock: `a test entry point that runs the first advertised command as its next prompt when ACP_CONFORMANCE_SCENARIO is ${scenarioId}`,
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
}
