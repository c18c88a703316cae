/**
 * events: updates at awkward moments. The kit's agent sends a text chunk for the new session
 * just before its session/new answer (the client has not been told the session id yet), a
 * second one and an available_commands_update just after it (before any prompt), and the
 * turn's last chunk just before the session/prompt answer, each with nothing between it and
 * the answer. A client that shows the agent's text must show all three; and it must keep
 * working after the commands update, shown by its answer to a probe at the turn's start.
 */
import { isAbsolute } from "node:path";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { clientMessages, describeExit, runClient, succeeded, type ClientRun } from "./driver.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { checkNotExercised } from "./shared-checks.js";

const PROBE = "_kit/alive";

const chunk = (text: string) => ({
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text: `${text} ` },
});

/** Whether the agent answered the client's session/new with a session: its params were ones it accepts. */
function sessionCreated(run: ClientRun): boolean {
  return clientMessages(run).some((message) => {
    const params = message.params as Record<string, unknown> | undefined;
    return (
      message.method === "session/new" &&
      typeof params?.cwd === "string" &&
      isAbsolute(params.cwd) &&
      Array.isArray(params.mcpServers)
    );
  });
}

function recordCommandsSurvived(context: ScenarioContext, run: ClientRun): void {
  const requirement = "client.events.survives-commands-update";
  if (!sessionCreated(run)) {
    checkNotExercised(context, requirement, `the client never got a session (${describeExit(run)})`);
    return;
  }
  const probed = run.events.some((event) => event.kind === "response" && event.method === PROBE);
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
          message: `after an available_commands_update sent right after the session/new answer, the client never answered the agent's ${PROBE} probe at the start of the turn (${clientMessages(run).some((message) => message.method === "session/prompt") ? "it did prompt" : "it never prompted"}): ${describeExit(run)}`,
          evidence: { stderrTail: run.stderrTail },
        },
  );
}

function recordTextKept(context: ScenarioContext, run: ClientRun, texts: Record<string, string>): void {
  const requirement = "client.events.keeps-updates-around-answers";
  if (!succeeded(run)) {
    checkNotExercised(context, requirement, `the client did not complete the turn (${describeExit(run)})`);
    return;
  }
  const shown = Object.entries(texts).filter(([, text]) => run.output.includes(text));
  if (shown.length === 0) {
    checkNotExercised(
      context,
      requirement,
      "the client's output shows none of the agent's text, so what it kept cannot be seen",
    );
    return;
  }
  const lost = Object.entries(texts).filter(([, text]) => !run.output.includes(text));
  context.check(
    lost.length === 0
      ? {
          requirement,
          verdict: "pass",
          message: `the client showed the agent's text sent ${Object.keys(texts).join(", ")}`,
        }
      : {
          requirement,
          verdict: "fail",
          message: `the client showed the text sent ${shown.map(([when]) => when).join(", ")} but lost the text sent ${lost.map(([when]) => `${when} (${texts[when]})`).join(", ")}`,
          evidence: { details: [run.output.slice(0, 500)] },
        },
  );
}

export const updateTimingScenario: Scenario = {
  id: "client.events.updates-around-answers",
  title:
    "updates come just before and just after the session/new answer and just before the session/prompt answer",
  mode: "client",
  requirements: ["client.events.keeps-updates-around-answers", "client.events.survives-commands-update"],
  async run(context) {
    const texts = {
      "just before the session/new answer": nonce("before-new"),
      "just after the session/new answer": nonce("after-new"),
      "just before the session/prompt answer": nonce("before-answer"),
    };
    const [before, after, last] = Object.values(texts) as [string, string, string];
    const run = await runClient(
      context,
      agentScript(
        [
          { request: { method: PROBE, params: { after: "available_commands_update" } } },
          { message: last },
          { stop: "end_turn" },
        ],
        {
          sessionNewUpdates: {
            before: [chunk(before)],
            after: [
              chunk(after),
              {
                sessionUpdate: "available_commands_update",
                availableCommands: [
                  { name: "kit-review", description: "Review the changes" },
                  { name: "kit-search", description: "Search the code", input: { hint: "what to look for" } },
                ],
              },
            ],
          },
        },
      ),
    );
    recordGenericClientChecks(context, run);
    recordTextKept(context, run, texts);
    recordCommandsSurvived(context, run);
  },
};
