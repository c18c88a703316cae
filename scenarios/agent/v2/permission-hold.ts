/**
 * A permission answer held back (prompt-lifecycle.mdx#5-tool-invocation-and-status-reporting):
 * the kit, as a user slow to decide, answers the permission prompt's request only once the agent
 * reports `requires_action` (or once the answer wait passes without it), then allows the tool.
 * While the answer is pending the agent should report requires_action, running once work resumes,
 * and the allowed tool in_progress before its final status.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario } from "../../../kit/scenario.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { excerptAround } from "../evidence.js";
import { isSessionUpdate, updateSessionId } from "../session-updates.js";
import { AgentV2UnderTest } from "./driver.js";
import { isPermissionRequest, toolCallOf } from "./permission.js";
import { isIdle, isState, isTurnOutput, updateOf, type V2Turn } from "./turn-updates.js";

const HELD_REQUIREMENTS = [
  "agent.v2.prompt.requires-action-while-waiting",
  "agent.v2.prompt.in-progress-after-permission",
] as const satisfies readonly RequirementId[];

/** The permission request the kit held, and the transcript seq from which its answer was on the wire. */
interface HeldRequest {
  request: IncomingMessage;
  answeredSeq: number;
  heldMs: number;
}

const FINAL = new Set(["completed", "failed"]);

function judgeStates(agent: AgentV2UnderTest, turn: V2Turn, held: HeldRequest): void {
  const requirement = "agent.v2.prompt.requires-action-while-waiting";
  const states = turn.updates.filter((incoming) => updateOf(incoming).sessionUpdate === "state_update");
  const before = states.filter((incoming) => incoming.seq < held.answeredSeq).at(-1);
  if (!before || !isState(before, "requires_action")) {
    agent.context.check({
      requirement,
      verdict: "fail",
      message: `the kit held its answer to session/request_permission for ${held.heldMs} ms and the agent's state meanwhile was ${before ? JSON.stringify(updateOf(before).state) : "never reported"}; work blocked on a permission answer is reported requires_action`,
      evidence: { transcript: excerptAround(agent.transcript, held.request.seq) },
    });
    return;
  }
  // Work resumed when the turn sent output after the answer; that output must follow running.
  const after = turn.updates.filter((incoming) => incoming.seq >= held.answeredSeq);
  const output = after.find(isTurnOutput);
  const running = after.find((incoming) => isState(incoming, "running"));
  // A turn that never reports running at all is agent.v2.prompt.running-before-output's finding.
  const everRunning = states.some((incoming) => isState(incoming, "running"));
  if (!everRunning) {
    agent.context.check({
      requirement,
      verdict: "pass",
      message:
        "requires_action while the kit held its permission answer; the turn never reported running at all, which agent.v2.prompt.running-before-output judges",
    });
    return;
  }
  if (output && (!running || running.seq > output.seq)) {
    agent.context.check({
      requirement,
      verdict: "fail",
      message: `after the kit answered the permission request the agent went on (${String(updateOf(output).sessionUpdate)}) while its last reported state was still requires_action; resumed work is reported running`,
      evidence: { transcript: excerptAround(agent.transcript, output.seq) },
    });
    return;
  }
  agent.context.check({
    requirement,
    verdict: "pass",
    message: output
      ? "requires_action while the kit held its permission answer, and running before the work that followed"
      : "requires_action while the kit held its permission answer (no work followed the answer to need running)",
  });
}

function judgeInProgress(agent: AgentV2UnderTest, turn: V2Turn, held: HeldRequest): void {
  const requirement = "agent.v2.prompt.in-progress-after-permission";
  const toolCallId = toolCallOf(held.request);
  const params = (held.request.message.kind === "request" ? held.request.message.params : {}) as {
    options?: Array<{ kind?: unknown }>;
  };
  const allowed = (params.options ?? []).some((option) => String(option.kind).startsWith("allow_"));
  if (!toolCallId || !allowed) {
    agent.context.check({
      requirement,
      verdict: "not-tested",
      message: toolCallId
        ? "the permission request offered no allow option, so the kit could not grant it"
        : "the permission request named no tool call, so the kit cannot follow the tool it granted",
    });
    return;
  }
  const ofTool = turn.updates.filter((incoming) => {
    const update = updateOf(incoming);
    return update.sessionUpdate === "tool_call_update" && update.toolCallId === toolCallId;
  });
  const final = ofTool.find(
    (incoming) => incoming.seq > held.answeredSeq && FINAL.has(String(updateOf(incoming).status)),
  );
  if (!final) {
    agent.context.check({
      requirement,
      verdict: "not-tested",
      message: `the granted tool call ${toolCallId} got no completed or failed status in the turn, so whether it was in_progress first cannot be judged`,
    });
    return;
  }
  const inProgress = ofTool.some(
    (incoming) => incoming.seq < final.seq && updateOf(incoming).status === "in_progress",
  );
  agent.context.check(
    inProgress
      ? {
          requirement,
          verdict: "pass",
          message: `the granted tool call ${toolCallId} was reported in_progress before ${String(updateOf(final).status)}`,
        }
      : {
          requirement,
          verdict: "fail",
          message: `the kit granted the permission for ${toolCallId} and the agent reported it ${String(updateOf(final).status)} without ever reporting it in_progress`,
          evidence: { transcript: excerptAround(agent.transcript, final.seq) },
        },
  );
}

export const heldPermissionV2Scenario: Scenario = {
  id: "agent.v2.permission.held-answer",
  title:
    "a permission answer held back: requires_action while pending, then running and the tool in_progress",
  mode: "agent",
  requirements: HELD_REQUIREMENTS,
  needs: ["permission-prompt"],
  async run(context) {
    const permissionPrompt = context.options.prompts.permissionPrompt!;
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turnStart = agent.transcript.nextSeq;
    const hold: { held?: HeldRequest } = {};
    agent.answers.holdPermission = async (request) => {
      if (hold.held) return; // the first request is the one held
      const started = Date.now();
      // Long enough for any agent to report its state, short enough to leave the turn time to end.
      const holdMs = Math.min(agent.answerWaitMs, agent.turnWaitMs / 3);
      await agent.connection.waitFor(
        (incoming) =>
          isSessionUpdate(incoming) &&
          updateSessionId(incoming) === sessionId &&
          (isState(incoming, "requires_action") || isIdle(incoming)),
        { timeoutMs: holdMs, fromSeq: turnStart },
      );
      hold.held = { request, answeredSeq: agent.transcript.nextSeq, heldMs: Date.now() - started };
    };
    const turn = await agent.prompt(sessionId, permissionPrompt);
    await agent.settle();
    const { held } = hold;
    if (!held || !isPermissionRequest(held.request) || !turn.idle) {
      for (const requirement of HELD_REQUIREMENTS)
        context.check({
          requirement,
          verdict: "not-tested",
          message: held
            ? "the turn that asked permission never went idle, so it cannot be judged whole"
            : "the permission prompt led to no session/request_permission in this turn",
        });
      return;
    }
    judgeStates(agent, turn, held);
    judgeInProgress(agent, turn, held);
  },
};
