/**
 * Permission outcomes in v2 (tool-calls.mdx#requesting-permission): the permission prompt twice
 * in one session, the kit rejecting the first request and answering the second with a custom
 * outcome the agent cannot know. Neither may run the tool: a tool call the request named must not
 * be reported in_progress or completed afterwards. The options of every request must have distinct
 * ids, and the run's payloads keep v2's value rules (payload-value-checks.ts).
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { Scenario, ScenarioContext } from "../../../kit/scenario.js";
import type { IncomingMessage } from "../../../kit/wire/connection.js";
import { excerptAround } from "../evidence.js";
import { isSessionUpdate } from "../session-updates.js";
import { AgentV2UnderTest } from "./driver.js";
import type { PermissionPlan } from "./kit-client-v2.js";
import { PAYLOAD_VALUE_REQUIREMENTS, recordPayloadValueChecks } from "./payload-value-checks.js";
import { updateOf, type V2Turn } from "./turn-updates.js";

const OUTCOME_REQUIREMENTS = {
  reject: "agent.v2.permission.rejected-tool-not-run",
  unknown: "agent.v2.permission.unknown-outcome-not-approval",
} as const satisfies Partial<Record<PermissionPlan, RequirementId>>;

const PERMISSION_REQUIREMENTS = [
  ...Object.values(OUTCOME_REQUIREMENTS),
  "agent.v2.permission.option-ids-unique",
] as const satisfies readonly RequirementId[];

export const isPermissionRequest = (incoming: IncomingMessage) =>
  incoming.message.kind === "request" && incoming.message.method === "session/request_permission";

const paramsOf = (incoming: IncomingMessage) =>
  ((incoming.message.kind === "request" ? incoming.message.params : undefined) ?? {}) as Record<
    string,
    unknown
  >;

/** The tool call a permission request is about: its tool_call subject, or a command subject's toolCallId. */
export function toolCallOf(request: IncomingMessage): string | undefined {
  const subject = (paramsOf(request).subject ?? {}) as Record<string, unknown>;
  const id =
    subject.type === "tool_call"
      ? (subject.toolCall as { toolCallId?: unknown } | undefined)?.toolCallId
      : subject.toolCallId;
  return typeof id === "string" ? id : undefined;
}

const RUNNING = new Set(["in_progress", "completed"]);

function judgeOutcome(agent: AgentV2UnderTest, plan: "reject" | "unknown", turn: V2Turn): void {
  const requirement = OUTCOME_REQUIREMENTS[plan];
  const answered =
    plan === "reject" ? "rejected (its reject option selected)" : "answered with a custom outcome";
  const request = agent.connection.received.find(
    (incoming) =>
      isPermissionRequest(incoming) && incoming.seq > turn.request.seq && incoming.seq < turn.endSeq,
  );
  const toolCallId = request && toolCallOf(request);
  if (!request || !toolCallId) {
    agent.context.check({
      requirement,
      verdict: "not-tested",
      message: request
        ? "the permission request named no tool call, so the kit cannot tell whether the tool ran"
        : "the permission prompt led to no session/request_permission in this turn",
    });
    return;
  }
  const ran = agent.connection.received.find((incoming) => {
    if (incoming.seq < request.seq || !isSessionUpdate(incoming)) return false;
    const update = updateOf(incoming);
    return (
      update.sessionUpdate === "tool_call_update" &&
      update.toolCallId === toolCallId &&
      RUNNING.has(String(update.status))
    );
  });
  agent.context.check(
    ran
      ? {
          requirement,
          verdict: "fail",
          message: `the kit ${answered} the permission request for ${toolCallId}, and the agent then reported it ${String(updateOf(ran).status)}`,
          evidence: { transcript: excerptAround(agent.transcript, ran.seq) },
        }
      : {
          requirement,
          verdict: "pass",
          message: `the kit ${answered} the permission request for ${toolCallId}; the agent never reported it in_progress or completed`,
        },
  );
}

function judgeOptionIds(context: ScenarioContext, agent: AgentV2UnderTest): void {
  const requests = agent.connection.received.filter(isPermissionRequest);
  for (const request of requests) {
    const ids = ((paramsOf(request).options ?? []) as Array<{ optionId?: unknown }>).map(
      (each) => each.optionId,
    );
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated !== undefined) {
      context.check({
        requirement: "agent.v2.permission.option-ids-unique",
        verdict: "fail",
        message: `a permission request offers two options with optionId ${JSON.stringify(repeated)}; the client's answer could mean either`,
        evidence: { transcript: excerptAround(agent.transcript, request.seq) },
      });
      return;
    }
  }
  context.check(
    requests.length === 0
      ? {
          requirement: "agent.v2.permission.option-ids-unique",
          verdict: "not-tested",
          message: "the agent sent no session/request_permission",
        }
      : {
          requirement: "agent.v2.permission.option-ids-unique",
          verdict: "pass",
          message: `${requests.length} permission requests, each option with its own optionId`,
        },
  );
}

export const permissionOutcomesV2Scenario: Scenario = {
  id: "agent.v2.permission.outcomes",
  title: "a rejected permission and a custom permission outcome both leave the tool unrun",
  mode: "agent",
  requirements: [...PERMISSION_REQUIREMENTS, ...PAYLOAD_VALUE_REQUIREMENTS],
  async run(context) {
    const { permissionPrompt } = context.options.prompts;
    if (permissionPrompt === undefined) {
      for (const requirement of PERMISSION_REQUIREMENTS)
        context.check({
          requirement,
          verdict: "not-tested",
          message: "no --permission-prompt: the kit cannot make the agent ask permission; give one",
        });
      return;
    }
    const agent = await AgentV2UnderTest.start(context);
    await agent.handshake();
    const sessionId = await agent.newSession();
    const turns: Array<["reject" | "unknown", V2Turn]> = [];
    for (const plan of ["reject", "unknown"] as const) {
      agent.answers.permission = plan;
      turns.push([plan, await agent.prompt(sessionId, permissionPrompt)]);
    }
    await agent.settle();
    for (const [plan, turn] of turns) judgeOutcome(agent, plan, turn);
    judgeOptionIds(context, agent);
    recordPayloadValueChecks(context, agent);
  },
};
