/**
 * permission, allowed: the kit answers the --permission-prompt's request with an allow option.
 * The tool call must have been announced (tool_call) before the request, and once allowed be
 * reported in_progress and then completed or failed, all before the turn's response.
 */
import type { Scenario } from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import { describeOutcome, excerptBetween } from "./evidence.js";

const UNLOCK = "--permission-prompt <text that makes the agent ask before running a tool>";
/** What this scenario judges itself; the rest of its requirements are recorded with the generic checks. */
const JUDGED_HERE = [
  "agent.prompt.reports-tool-calls",
  "agent.permission.in-progress-once-allowed",
  "agent.permission.final-status-after-allowed",
] as const;

function toolUpdate(update: IncomingMessage): { kind: unknown; toolCallId: unknown; status: unknown } {
  const body =
    (update.message.kind === "notification"
      ? (update.message.params as { update?: Record<string, unknown> } | undefined)?.update
      : undefined) ?? {};
  return { kind: body.sessionUpdate, toolCallId: body.toolCallId, status: body.status };
}

export const allowPermissionScenario: Scenario = {
  id: "agent.permission.allow-option",
  title: "a permission request answered with an allow option",
  mode: "agent",
  requirements: [
    "agent.prompt.reports-tool-calls",
    "agent.permission.in-progress-once-allowed",
    "agent.permission.final-status-after-allowed",
    // Recorded over every turn (tool-call-checks.ts); a tool call and its permission request are what they need to see.
    "agent.prompt.tool-call-ids-unique",
    "agent.prompt.tool-updates-name-known-calls",
    "agent.prompt.tool-status-moves-forward",
    "agent.permission.option-ids-unique",
  ],
  needs: ["permission-prompt"],
  async run(context) {
    const agent = await AgentUnderTest.start(context);
    agent.answers.permissionPolicy = "allow";
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turn = await agent.prompt(sessionId, context.options.prompts.permissionPrompt!);
    agent.ownDeadline.add(turn.request);
    const exchange = agent.answers.permissionExchanges[0];
    if (!exchange) {
      const message =
        "not exercised: the agent did not send session/request_permission for the --permission-prompt";
      for (const requirement of JUDGED_HERE)
        context.check({ requirement, verdict: "not-tested", message, unlock: UNLOCK });
      return;
    }
    const toolCallId =
      exchange.request.message.kind === "request"
        ? (exchange.request.message.params as { toolCall?: { toolCallId?: unknown } }).toolCall?.toolCallId
        : undefined;
    const ofThisCall = turn.updates.filter((update) => toolUpdate(update).toolCallId === toolCallId);

    const announced = ofThisCall.find(
      (update) => update.seq < exchange.request.seq && toolUpdate(update).kind === "tool_call",
    );
    context.check(
      announced
        ? {
            requirement: "agent.prompt.reports-tool-calls",
            verdict: "pass",
            message: `tool call ${JSON.stringify(toolCallId)} was announced with a tool_call update before its permission request`,
          }
        : {
            requirement: "agent.prompt.reports-tool-calls",
            verdict: "fail",
            message: `the permission request was about tool call ${JSON.stringify(toolCallId)}, but no tool_call update announced it before; the agent should report each tool call the model asks for`,
            evidence: {
              transcript: excerptBetween(agent.transcript, turn.request.seq, exchange.request.seq),
            },
          },
    );

    if (exchange.answeredWith === "cancelled") {
      const message =
        "not exercised: the permission request offered no allow option, so the kit answered cancelled";
      context.check({
        requirement: "agent.permission.in-progress-once-allowed",
        verdict: "not-tested",
        message,
      });
      context.check({
        requirement: "agent.permission.final-status-after-allowed",
        verdict: "not-tested",
        message,
      });
      return;
    }
    if (turn.outcome.kind !== "response" || turn.outcome.error) {
      const message = `not exercised: the turn did not end with a result (${describeOutcome(turn.outcome)}), so there is no end to judge the tool's statuses at`;
      context.check({
        requirement: "agent.permission.in-progress-once-allowed",
        verdict: "not-tested",
        message,
      });
      context.check({
        requirement: "agent.permission.final-status-after-allowed",
        verdict: "not-tested",
        message,
      });
      return;
    }
    const afterAllow = ofThisCall.filter((update) => update.seq > exchange.request.seq);
    const statuses = afterAllow.map((update) => toolUpdate(update).status);
    const evidence = { transcript: excerptBetween(agent.transcript, exchange.request.seq, turn.endSeq) };
    const shown = statuses.length > 0 ? statuses.map(String).join(", ") : "no status at all";
    context.check(
      statuses.includes("in_progress")
        ? {
            requirement: "agent.permission.in-progress-once-allowed",
            verdict: "pass",
            message: `after the kit selected its ${exchange.answeredWith} option, tool call ${JSON.stringify(toolCallId)} was reported in_progress`,
          }
        : {
            requirement: "agent.permission.in-progress-once-allowed",
            verdict: "fail",
            message: `after the kit selected its ${exchange.answeredWith} option, tool call ${JSON.stringify(toolCallId)} was never reported in_progress before the turn's response (statuses: ${shown})`,
            evidence,
          },
    );
    context.check(
      statuses.some((status) => status === "completed" || status === "failed")
        ? {
            requirement: "agent.permission.final-status-after-allowed",
            verdict: "pass",
            message: `the allowed tool call ${JSON.stringify(toolCallId)} was reported ${statuses.filter((status) => status === "completed" || status === "failed").join(", ")} before the turn's response`,
          }
        : {
            requirement: "agent.permission.final-status-after-allowed",
            verdict: "fail",
            message: `the allowed tool call ${JSON.stringify(toolCallId)} was never reported completed or failed before the turn's response (statuses: ${shown})`,
            evidence,
          },
    );
  },
};
