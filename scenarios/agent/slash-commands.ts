/**
 * slash commands: every available_commands_update comes after session/new answered and names
 * the session it returned; then the first advertised command is run as a prompt, `/<name>`
 * alone and `/<name>` followed by a resource link, and each turn must end with a stop reason.
 * An agent that advertises no commands (they are optional) makes both not applicable.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { notApplicable, openSession, updateBody } from "./driver-extras.js";
import { describeOutcome, excerptAround } from "./evidence.js";
import { updateKind, updateSessionId } from "./session-updates.js";

const isCommandsUpdate = (incoming: IncomingMessage) => updateKind(incoming) === "available_commands_update";

export const slashCommandsScenario: Scenario = {
  id: "agent.prompt.slash-commands",
  title: "available commands name a created session, and an advertised /command runs as a prompt turn",
  mode: "agent",
  requirements: ["agent.session-matching.commands-for-created-session", "agent.prompt.slash-command-runs"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    await agent.handshake();
    const { sessionId } = await openSession(agent);
    // The session/new response is the last response so far.
    const answeredAt = agent.connection.received
      .filter((incoming) => incoming.message.kind === "response")
      .at(-1)?.seq;
    await agent.settle();
    const updates = agent.connection.received.filter(isCommandsUpdate);
    if (updates.length === 0) {
      notApplicable(
        context,
        ["agent.session-matching.commands-for-created-session", "agent.prompt.slash-command-runs"],
        "the agent sent no available_commands_update after session/new (advertising commands is optional)",
      );
      return;
    }
    const misplaced = updates.find(
      (incoming) =>
        updateSessionId(incoming) !== sessionId || answeredAt === undefined || incoming.seq < answeredAt,
    );
    context.check(
      misplaced === undefined
        ? {
            requirement: "agent.session-matching.commands-for-created-session",
            verdict: "pass",
            message: `${updates.length} available_commands_update(s) came after session/new answered, naming its session`,
          }
        : {
            requirement: "agent.session-matching.commands-for-created-session",
            verdict: "fail",
            message:
              updateSessionId(misplaced) !== sessionId
                ? `available_commands_update named session ${JSON.stringify(updateSessionId(misplaced))}, not ${sessionId}, the only session session/new returned`
                : "available_commands_update came before session/new answered, for a session the client did not know yet",
            evidence: { transcript: excerptAround(agent.transcript, misplaced.seq) },
          },
    );

    const commands = updateBody(updates.at(-1)!).availableCommands;
    const name = Array.isArray(commands) ? (commands[0] as { name?: unknown } | undefined)?.name : undefined;
    if (typeof name !== "string" || name === "") {
      notApplicable(
        context,
        ["agent.prompt.slash-command-runs"],
        "the latest available_commands_update lists no command with a name",
      );
      return;
    }
    // Text only: a command with a resource_link beside it would also fail an agent that refuses
    // resource_link everywhere, a defect agent.prompt.resource-link-accepted already reports.
    const { outcome, endSeq } = await agent.prompt(sessionId, [{ type: "text", text: `/${name}` }]);
    if (outcome.kind !== "response") {
      // A turn that never ends is agent.timeouts.request-answered's to report, for any prompt.
      context.check({
        requirement: "agent.prompt.slash-command-runs",
        verdict: "not-tested",
        message: `the prompt /${name} got no answer (${describeOutcome(outcome)}); the request deadline check reports that`,
      });
      return;
    }
    const stopReason = !outcome.error
      ? (outcome.result as { stopReason?: unknown } | undefined)?.stopReason
      : undefined;
    context.check(
      typeof stopReason === "string"
        ? {
            requirement: "agent.prompt.slash-command-runs",
            verdict: "pass",
            message: `the prompt /${name} ended with stopReason ${stopReason}`,
          }
        : {
            requirement: "agent.prompt.slash-command-runs",
            verdict: "fail",
            message: `the prompt /${name} (an advertised command) got ${describeOutcome(outcome)}; expected a result with a stopReason`,
            evidence: { transcript: excerptAround(agent.transcript, endSeq) },
          },
    );
  },
};
