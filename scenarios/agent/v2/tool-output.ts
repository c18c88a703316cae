/**
 * An agent reporting its own work in v2: v2 removed the client's fs/* and terminal/*, so the
 * write and terminal steering prompts (--write-prompt, --terminal-prompt) make the agent modify a
 * text file and run a command itself and report them: tool calls, a diff, a display-only
 * terminal, a plan. The kit judges what was reported (tool-report-checks.ts) and the value rules
 * of every payload of the run (payload-value-checks.ts). The same session first runs the slash
 * command checks (slash-commands.ts), which need no steering prompt.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import { fillPath } from "../client-capabilities.js";
import { AgentV2UnderTest } from "./driver.js";
import { PAYLOAD_VALUE_REQUIREMENTS, recordPayloadValueChecks } from "./payload-value-checks.js";
import { SLASH_COMMAND_REQUIREMENTS, checkSlashCommandsV2 } from "./slash-commands.js";
import { recordToolReportChecks } from "./tool-report-checks.js";

const REPORT_REQUIREMENTS = [
  "agent.v2.prompt.tool-call-title-first",
  "agent.v2.prompt.tool-status-moves-forward",
  "agent.v2.terminal.command-first",
  "agent.v2.terminal.id-not-reused",
  "agent.v2.prompt.diff-patch-consistent",
  "agent.v2.prompt.diff-patch-provided",
  "agent.v2.prompt.plan-id-kept",
] as const satisfies readonly RequirementId[];

/** The text file the write prompt names; it exists beforehand, so writing it is a modification. */
const WRITTEN_FILE = "notes-for-the-agent.txt";

export const toolOutputV2Scenario: Scenario = {
  id: "agent.v2.prompt.tool-output",
  title:
    "the agent modifies a file and runs a command itself, and reports tool calls, diff, terminal and plan",
  mode: "agent",
  requirements: [...REPORT_REQUIREMENTS, ...PAYLOAD_VALUE_REQUIREMENTS, ...SLASH_COMMAND_REQUIREMENTS],
  async run(context) {
    const { writePrompt, terminalPrompt } = context.options.prompts;
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    await checkSlashCommandsV2(agent, sessionId);
    if (writePrompt === undefined && terminalPrompt === undefined) {
      for (const requirement of [...REPORT_REQUIREMENTS, ...PAYLOAD_VALUE_REQUIREMENTS])
        context.check({
          requirement,
          verdict: "not-tested",
          message:
            "no --write-prompt or --terminal-prompt: the kit cannot steer the agent into work it reports; give one ({path} is filled in)",
        });
      return;
    }
    const writtenPath = writePrompt === undefined ? undefined : join(agent.sessionCwd, WRITTEN_FILE);
    if (writePrompt !== undefined && writtenPath !== undefined) {
      writeFileSync(writtenPath, "acp-conformance: a text file for the agent to modify\n");
      await agent.prompt(sessionId, fillPath(writePrompt, writtenPath));
    }
    if (terminalPrompt !== undefined)
      await agent.prompt(sessionId, fillPath(terminalPrompt, agent.sessionCwd));
    await agent.settle();
    recordToolReportChecks(context, agent, writtenPath);
    recordPayloadValueChecks(context, agent);
  },
};
