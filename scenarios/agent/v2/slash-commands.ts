/**
 * Slash commands in v2 (slash-commands.mdx): every available_commands_update comes after
 * session/new answered and names the session it returned (v1's requirement, the same on the v2
 * wire), and a prompt that starts with the first advertised /command is acknowledged and its turn
 * reaches idle. Advertising commands is optional: an agent that sends none makes
 * both not applicable. Runs inside another scenario's session, to cost no agent process of its own.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import { updateSessionId } from "../session-updates.js";
import type { AgentV2UnderTest } from "./driver.js";
import { updateOf } from "./turn-updates.js";

export const SLASH_COMMAND_REQUIREMENTS = [
  "agent.session-matching.commands-for-created-session",
  "agent.v2.prompt.slash-command-runs",
] as const satisfies readonly RequirementId[];

/** Judges the commands advertised for `sessionId` (just created) and runs the first one. */
export async function checkSlashCommandsV2(agent: AgentV2UnderTest, sessionId: string): Promise<void> {
  const { context, connection } = agent;
  const answeredAt = connection.received.filter((incoming) => incoming.answers === "session/new").at(-1)?.seq;
  await agent.settle();
  const updates = connection.received.filter(
    (incoming) => updateOf(incoming).sessionUpdate === "available_commands_update",
  );
  if (updates.length === 0) {
    for (const requirement of SLASH_COMMAND_REQUIREMENTS)
      context.check({
        requirement,
        verdict: "not-applicable",
        message:
          "the agent sent no available_commands_update after session/new (advertising commands is optional)",
      });
    return;
  }
  const misplaced = updates.find(
    (incoming) =>
      updateSessionId(incoming) !== sessionId || answeredAt === undefined || incoming.seq < answeredAt,
  );
  context.check(
    misplaced
      ? {
          requirement: "agent.session-matching.commands-for-created-session",
          verdict: "fail",
          message:
            updateSessionId(misplaced) !== sessionId
              ? `available_commands_update named session ${JSON.stringify(updateSessionId(misplaced))}, not ${sessionId}, the only session session/new returned`
              : "available_commands_update came before session/new answered, for a session the client did not know yet",
          evidence: { transcript: excerptAround(agent.transcript, misplaced.seq) },
        }
      : {
          requirement: "agent.session-matching.commands-for-created-session",
          verdict: "pass",
          message: `${updates.length} available_commands_update(s) came after session/new answered, naming its session`,
        },
  );
  const commands = updateOf(updates.at(-1)!).availableCommands;
  const name = Array.isArray(commands) ? (commands[0] as { name?: unknown } | undefined)?.name : undefined;
  if (typeof name !== "string" || name.length === 0) {
    context.check({
      requirement: "agent.v2.prompt.slash-command-runs",
      verdict: "not-applicable",
      message: "the agent's latest available_commands_update lists no command to run",
    });
    return;
  }
  const turn = await agent.prompt(sessionId, `/${name}`);
  const accepted = turn.ack.kind === "response" && !turn.ack.error;
  // The idle's stop reason is agent.v2.prompt.ends-idle-with-stop-reason's to judge, over every turn.
  context.check(
    accepted && turn.idle
      ? {
          requirement: "agent.v2.prompt.slash-command-runs",
          verdict: "pass",
          message: `the prompt /${name} was acknowledged and its turn ran to an idle state_update`,
        }
      : {
          requirement: "agent.v2.prompt.slash-command-runs",
          verdict: "fail",
          message: accepted
            ? `the prompt /${name}, an advertised command, was acknowledged but its turn never reached an idle state_update`
            : `the prompt /${name}, an advertised command, was not accepted: ${describeOutcome(turn.ack)}`,
          evidence: { transcript: excerptAround(agent.transcript, turn.request.seq) },
        },
  );
}
