/**
 * prompt (v2): one turn as v2 runs it (prompt-lifecycle.mdx). The agent acknowledges the prompt
 * at once and only two seconds later sends its text, a tool call, a permission request, and a
 * message it first streams as a draft chunk and then replaces with a whole-message update under
 * the same messageId, before the idle state_update. A client that ends the turn at the
 * acknowledgment closes the agent before any of that; one that renders messages as upserts shows
 * the replacement, not the draft.
 */
import type { Scenario } from "../../../kit/scenario.js";
import { nonce } from "../agent-scripts.js";
import { clientMessages, describeExit, runClient, type ClientRun } from "../driver.js";
import { agentScriptV2 } from "./agent-scripts-v2.js";
import { recordGenericClientV2Checks } from "./generic-checks-v2.js";

const IDLE = '"state":"idle"';

export const promptTurnV2Scenario: Scenario = {
  id: "client.v2.prompt.ordinary-turn",
  title:
    "a v2 turn: acknowledged at once, text two seconds later, a tool call, a permission, a message replaced by its upsert, then idle",
  mode: "client",
  requirements: ["client.v2.prompt.turn-ends-at-idle", "client.v2.prompt.message-upsert"],
  async run(context) {
    const [later, draft, final] = [nonce("after-ack"), nonce("draft"), nonce("replaced")];
    const run = await runClient(
      context,
      agentScriptV2([
        { delay: 2_000 }, // past the second the kit's agent lingers after its stdin closes, so a client gone at the acknowledgment gets nothing more
        { message: later, messageId: "message-later" },
        { toolCall: { toolCallId: "tool-1", title: "Read a file", kind: "read", status: "pending" } },
        { requestPermission: { toolCallId: "tool-1", title: "Read a file" } },
        { message: draft, messageId: "message-upserted" },
        {
          update: {
            sessionUpdate: "agent_message",
            messageId: "message-upserted",
            content: [{ type: "text", text: final }],
          },
        },
        { stop: "end_turn" },
      ]),
    );
    recordGenericClientV2Checks(context, run);
    judgeTurnEnd(context, run, later);
    judgeUpsert(context, run, draft, final);
  },
};

const prompted = (run: ClientRun) =>
  clientMessages(run).some((message) => message.method === "session/prompt");

function judgeTurnEnd(context: Parameters<Scenario["run"]>[0], run: ClientRun, later: string): void {
  const requirement = "client.v2.prompt.turn-ends-at-idle";
  if (!prompted(run)) {
    context.check({
      requirement,
      verdict: "not-tested",
      message: `the client never prompted (${describeExit(run)})`,
    });
    return;
  }
  const idleAt = run.events.findIndex((event) => event.kind === "sent" && event.text.includes(IDLE));
  if (idleAt === -1) {
    context.check({
      requirement,
      verdict: "fail",
      message: `${describeExit(run)} before the turn's idle state_update: it ended the turn at the prompt's acknowledgment, two seconds before the agent's first text`,
      evidence: { stderrTail: run.stderrTail },
    });
  } else if (run.timedOut) {
    context.check({
      requirement,
      verdict: "not-tested",
      message:
        "the client waited for the idle state_update but did not end its turn after it (the stop reasons' check judges the hang)",
    });
  } else if (!run.output.includes(later)) {
    context.check({
      requirement,
      verdict: "not-tested",
      message: `the client stayed until idle but did not show the text the agent sent after the acknowledgment (${describeExit(run)}): the kit cannot tell whether it took the response as the end`,
    });
  } else {
    context.check({
      requirement,
      verdict: "pass",
      message:
        "the client kept the turn until the idle state_update and showed the text sent two seconds after the prompt's acknowledgment",
    });
  }
}

function judgeUpsert(
  context: Parameters<Scenario["run"]>[0],
  run: ClientRun,
  draft: string,
  final: string,
): void {
  const requirement = "client.v2.prompt.message-upsert";
  const [showsDraft, showsFinal] = [run.output.includes(draft), run.output.includes(final)];
  if (showsFinal && !showsDraft)
    context.check({
      requirement,
      verdict: "pass",
      message: "the message was shown once, as its agent_message replacement left it",
    });
  else if (showsDraft && !showsFinal)
    context.check({
      requirement,
      verdict: "fail",
      message:
        "the client showed the draft chunk and not the agent_message that replaced it under the same messageId",
    });
  else
    context.check({
      requirement,
      verdict: "not-tested",
      message: showsDraft
        ? "the client showed both the draft and its replacement: a streaming transcript cannot be told from a wrong render"
        : `the client showed neither the draft nor its replacement (${describeExit(run)})`,
    });
}
