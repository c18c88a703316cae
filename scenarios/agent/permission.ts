/**
 * permission: the kit denies a permission request, once by selecting a reject option and once
 * with the outcome cancelled. The tool must not run (no in_progress or completed status for
 * it afterwards) and the turn must still end with a stop reason.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../kit/scenario.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import { AgentUnderTest } from "./driver.js";
import type { PermissionPolicy } from "./agent-requests.js";
import { updateKind } from "./session-updates.js";
import { describeOutcome, excerptBetween } from "./evidence.js";
import { checkUpdatesCarrySessionId } from "./prompt.js";

function toolStatus(update: IncomingMessage): { toolCallId: unknown; status: unknown } | undefined {
  const kind = updateKind(update);
  if (kind !== "tool_call" && kind !== "tool_call_update") return undefined;
  const body =
    (update.message.kind === "notification"
      ? (update.message.params as { update?: Record<string, unknown> }).update
      : undefined) ?? {};
  return { toolCallId: body.toolCallId, status: body.status };
}

async function runDenial(
  context: ScenarioContext,
  policy: Exclude<PermissionPolicy, "allow">,
  honoured: RequirementId,
): Promise<void> {
  const agent = await AgentUnderTest.start(context);
  agent.answers.permissionPolicy = policy;
  await agent.handshake();
  const sessionId = await agent.newSession();
  const turn = await agent.prompt(sessionId, context.options.prompts.permissionPrompt!);
  agent.ownDeadline.add(turn.request);
  checkUpdatesCarrySessionId(agent, turn);
  const exchange = agent.answers.permissionExchanges[0];
  if (!exchange) {
    const message =
      "not exercised: the agent did not send session/request_permission for the --permission-prompt";
    context.check({ requirement: honoured, verdict: "not-tested", message });
    context.check({ requirement: "agent.permission.turn-ends-after-denial", verdict: "not-tested", message });
    return;
  }
  const toolCallId =
    (exchange.request.message.kind === "request"
      ? (exchange.request.message.params as { toolCall?: { toolCallId?: unknown } }).toolCall?.toolCallId
      : undefined) ?? null;
  const denial =
    policy === "reject" ? `selecting its ${exchange.answeredWith} option` : "the outcome cancelled";

  const { outcome } = turn;
  const stopReason =
    outcome.kind === "response" && !outcome.error
      ? (outcome.result as { stopReason?: unknown } | undefined)?.stopReason
      : undefined;
  if (typeof stopReason === "string") {
    context.check({
      requirement: "agent.permission.turn-ends-after-denial",
      verdict: "pass",
      message: `after ${denial} the turn ended with stopReason ${stopReason}`,
    });
  } else {
    context.check({
      requirement: "agent.permission.turn-ends-after-denial",
      verdict: "fail",
      message: `after ${denial} the turn must still end with a stop reason; got ${describeOutcome(outcome)}`,
      evidence: { transcript: excerptBetween(agent.transcript, exchange.request.seq, turn.endSeq) },
    });
  }

  if (policy === "reject" && exchange.answeredWith === "cancelled") {
    context.check({
      requirement: honoured,
      verdict: "not-tested",
      message:
        "not exercised: the permission request offered no reject option, so the kit answered cancelled",
    });
    return;
  }
  const after =
    outcome.kind === "response"
      ? [...turn.updates, ...(await agent.updatesAfter(turn.endSeq, sessionId))]
      : turn.updates;
  const ran = after.filter((update) => {
    const status = toolStatus(update);
    return (
      update.seq > exchange.request.seq &&
      status?.toolCallId === toolCallId &&
      (status.status === "in_progress" || status.status === "completed")
    );
  });
  if (ran.length > 0) {
    context.check({
      requirement: honoured,
      verdict: "fail",
      message: `after ${denial}, tool call ${JSON.stringify(toolCallId)} was reported ${String(toolStatus(ran[0]!)?.status)}: a denied tool must not run`,
      evidence: { transcript: excerptBetween(agent.transcript, exchange.request.seq, ran.at(-1)!.seq) },
    });
    return;
  }
  context.check({
    requirement: honoured,
    verdict: "pass",
    message: `after ${denial}, tool call ${JSON.stringify(toolCallId)} was never reported in_progress or completed`,
  });
}

export const rejectPermissionScenario: Scenario = {
  id: "agent.permission.reject-option",
  title: "a permission request answered with a reject option",
  mode: "agent",
  requirements: ["agent.permission.reject-honoured", "agent.permission.turn-ends-after-denial"],
  needs: ["permission-prompt"],
  run: (context) => runDenial(context, "reject", "agent.permission.reject-honoured"),
};

export const cancelledPermissionScenario: Scenario = {
  id: "agent.permission.cancelled-outcome",
  title: "a permission request answered with the outcome cancelled",
  mode: "agent",
  requirements: ["agent.permission.cancelled-honoured", "agent.permission.turn-ends-after-denial"],
  needs: ["permission-prompt"],
  run: (context) => runDenial(context, "cancelled", "agent.permission.cancelled-honoured"),
};
