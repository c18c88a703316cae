/**
 * session/cancel while the agent's permission request is pending (prompt-lifecycle.mdx#cancellation,
 * tool-calls.mdx#requesting-permission): the kit cancels the turn as soon as the request arrives
 * and answers it with the cancelled outcome, as a client must (after the agent withdrew it with
 * `$/cancel_request`, or once the answer wait passes). The aborted request must still end the turn
 * idle with stopReason cancelled, the tool must not run, and any `$/cancel_request` the agent sent
 * must name its own request still pending (v1's requirement, the same on the v2 wire).
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { staleCancel } from "../elicitation-answers.js";
import { excerptAround } from "../evidence.js";
import { isSessionUpdate, updateSessionId } from "../session-updates.js";
import { AgentV2UnderTest } from "./driver.js";
import { toolCallOf } from "./permission.js";
import { isIdle, updateOf, type V2Turn } from "./turn-updates.js";

const CANCEL_WHILE_ASKING_REQUIREMENTS = [
  "agent.v2.cancellation.aborted-request-reports-cancelled",
  "agent.v2.permission.cancelled-outcome-not-run",
  "agent.cancellation.cancel-request-names-pending",
] as const satisfies readonly RequirementId[];

const RAN = new Set(["in_progress", "completed"]);

const isCancelRequest = (incoming: IncomingMessage) =>
  incoming.message.kind === "notification" && incoming.message.method === "$/cancel_request";

function judgeStopReason(agent: AgentV2UnderTest, turn: V2Turn): void {
  const requirement = "agent.v2.cancellation.aborted-request-reports-cancelled";
  const stopReason = turn.idle ? updateOf(turn.idle).stopReason : undefined;
  agent.context.check(
    stopReason === "cancelled"
      ? {
          requirement,
          verdict: "pass",
          message:
            "the turn cancelled while its permission request was pending ended idle with stopReason cancelled",
        }
      : {
          requirement,
          verdict: "fail",
          message: turn.idle
            ? `the turn cancelled while its permission request was pending ended idle with stopReason ${JSON.stringify(stopReason)}; the aborted request's failure must be reported as cancelled`
            : "the turn cancelled while its permission request was pending never went idle within --timeout and its grace",
          evidence: { transcript: excerptAround(agent.transcript, turn.idle?.seq ?? turn.request.seq) },
        },
  );
}

function judgeToolNotRun(agent: AgentV2UnderTest, request: IncomingMessage): void {
  const requirement = "agent.v2.permission.cancelled-outcome-not-run";
  const toolCallId = toolCallOf(request);
  if (!toolCallId) {
    agent.context.check({
      requirement,
      verdict: "not-tested",
      message: "the permission request named no tool call, so the kit cannot tell whether the tool ran",
    });
    return;
  }
  const ran = agent.connection.received.find((incoming) => {
    if (incoming.seq < request.seq || !isSessionUpdate(incoming)) return false;
    const update = updateOf(incoming);
    return (
      update.sessionUpdate === "tool_call_update" &&
      update.toolCallId === toolCallId &&
      RAN.has(String(update.status))
    );
  });
  agent.context.check(
    ran
      ? {
          requirement,
          verdict: "fail",
          message: `the kit cancelled the turn while permission for ${toolCallId} was pending and answered it cancelled, and the agent then reported the tool ${String(updateOf(ran).status)}`,
          evidence: { transcript: excerptAround(agent.transcript, ran.seq) },
        }
      : {
          requirement,
          verdict: "pass",
          message: `the kit cancelled the turn while permission for ${toolCallId} was pending; the tool was never reported in_progress or completed`,
        },
  );
}

function judgeCancelRequests(agent: AgentV2UnderTest): void {
  const requirement = "agent.cancellation.cancel-request-names-pending";
  const cancels = agent.connection.received.filter(isCancelRequest);
  const stale = cancels
    .map((cancel) => ({ cancel, problem: staleCancel(agent, cancel) }))
    .find((entry) => entry.problem);
  if (stale)
    agent.context.check({
      requirement,
      verdict: "fail",
      message: `the agent sent $/cancel_request, but ${stale.problem}`,
      evidence: { transcript: excerptAround(agent.transcript, stale.cancel.seq) },
    });
  else
    agent.context.check(
      cancels.length > 0
        ? {
            requirement,
            verdict: "pass",
            message: `each of the agent's ${cancels.length} $/cancel_request named one of its requests the kit had not answered yet`,
          }
        : {
            requirement,
            verdict: "not-applicable",
            message:
              "the agent sent no $/cancel_request for its pending permission request when the turn was cancelled (that is allowed)",
          },
    );
}

export const cancelWhileAskingV2Scenario: Scenario = {
  id: "agent.v2.permission.cancel-while-asking",
  title: "session/cancel while the agent's permission request is pending, answered cancelled",
  mode: "agent",
  requirements: CANCEL_WHILE_ASKING_REQUIREMENTS,
  needs: ["permission-prompt"],
  async run(context) {
    const permissionPrompt = context.options.prompts.permissionPrompt!;
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    agent.answers.permission = "cancelled";
    const asked: { request?: IncomingMessage } = {};
    agent.answers.holdPermission = async (request) => {
      if (asked.request) return; // the first request is the one the cancel catches pending
      asked.request = request;
      await agent.connection.notify("session/cancel", { sessionId });
      // The agent may withdraw the request or end the turn first; the kit answers cancelled either way.
      const requestId = request.message.kind === "request" ? request.message.id : undefined;
      await agent.connection.waitFor(
        (incoming) =>
          (isCancelRequest(incoming) &&
            (incoming.message.kind === "notification" &&
              (incoming.message.params as { requestId?: unknown } | undefined)?.requestId) === requestId) ||
          (isSessionUpdate(incoming) && updateSessionId(incoming) === sessionId && isIdle(incoming)),
        { timeoutMs: Math.min(agent.answerWaitMs, agent.turnWaitMs / 3), fromSeq: request.seq },
      );
    };
    const turn = await agent.prompt(sessionId, permissionPrompt);
    await agent.settle();
    if (!asked.request) {
      for (const requirement of CANCEL_WHILE_ASKING_REQUIREMENTS)
        context.check({
          requirement,
          verdict: "not-tested",
          message:
            "the permission prompt led to no session/request_permission, so there was no pending request to cancel under",
        });
      return;
    }
    judgeStopReason(agent, turn);
    judgeToolNotRun(agent, asked.request);
    judgeCancelRequests(agent);
  },
};
