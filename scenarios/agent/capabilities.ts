/**
 * capabilities: the kit leaves fs and terminal out of clientCapabilities altogether (the
 * spec's "not present") and still asks the agent to read, write and run a command with the
 * steering prompts it has. The agent must not call fs/* or terminal/*; the generic checks
 * (agent.capabilities.no-fs-unadvertised, no-terminal-unadvertised) judge every call the
 * kit got. Elsewhere the kit advertises them explicitly false, or only the one a scenario needs.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { StopScenario, type Scenario } from "../../kit/scenario.js";
import { fillPath, offerCapabilities } from "./client-capabilities.js";
import { AgentUnderTest } from "./driver.js";

export const capabilitiesWithheldScenario: Scenario = {
  id: "agent.capabilities.withheld",
  title: "asked to read, write and run a command with no fs or terminal capability present",
  mode: "agent",
  requirements: ["agent.capabilities.no-fs-unadvertised", "agent.capabilities.no-terminal-unadvertised"],
  async run(context) {
    const { readPrompt, writePrompt, terminalPrompt } = context.options.prompts;
    if (readPrompt === undefined && writePrompt === undefined && terminalPrompt === undefined)
      throw new StopScenario(
        "no --read-prompt, --write-prompt or --terminal-prompt to steer the agent with",
        {
          unlock: "--read-prompt, --write-prompt or --terminal-prompt <text>",
        },
      );
    const agent = await AgentUnderTest.start(context);
    // Served nowhere: with nothing advertised, every fs/* and terminal/* call is answered -32601.
    offerCapabilities(agent, { omit: true });
    const file = join(agent.sessionCwd, "notes.txt");
    writeFileSync(file, "acp-conformance: a file the agent was not offered a way to read\n");
    await agent.handshake();
    const sessionId = await agent.newSession();
    const prompts = [
      readPrompt && fillPath(readPrompt, file),
      writePrompt && fillPath(writePrompt, join(agent.sessionCwd, "written-by-agent.txt")),
      terminalPrompt && fillPath(terminalPrompt, agent.sessionCwd),
    ].filter((prompt): prompt is string => prompt !== undefined);
    for (const prompt of prompts) agent.ownDeadline.add((await agent.prompt(sessionId, prompt)).request);
  },
};
