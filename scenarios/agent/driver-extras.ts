/**
 * Driver helpers for the scenarios of optional features (modes, config options, authentication,
 * extensibility): a session/new whose whole result the scenario reads, the updates of one kind
 * after a point, and the not-applicable verdict of a gated requirement. Kept out of driver.ts,
 * which holds what every scenario needs.
 */
import { StopScenario, stopIfPreflightBlocked, type ScenarioContext } from "../../kit/scenario.js";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { IncomingMessage } from "../../kit/wire/connection.js";
import type { AgentUnderTest } from "./driver.js";
import { describeOutcome } from "./evidence.js";
import { updateKind } from "./session-updates.js";

export interface OpenedSession {
  sessionId: string;
  /** The whole session/new result: modes, configOptions, _meta... */
  result: Record<string, unknown>;
}

/** session/new in the scenario's directory, keeping the whole result; blocks on -32000 like newSession. */
export async function openSession(
  agent: AgentUnderTest,
  extraParams: Record<string, unknown> = {},
): Promise<OpenedSession> {
  stopIfPreflightBlocked(agent.context.preflight, "sessions");
  const outcome = agent.guardAuth(
    await agent.request("session/new", { cwd: agent.sessionCwd, mcpServers: [], ...extraParams }),
  );
  const result = outcome.kind === "response" && !outcome.error ? outcome.result : undefined;
  const sessionId = (result as { sessionId?: unknown } | undefined)?.sessionId;
  if (typeof sessionId !== "string")
    throw new StopScenario(`session/new gave no session id: ${describeOutcome(outcome)}`);
  return { sessionId, result: result as Record<string, unknown> };
}

/** The `update` object of a session/update notification. */
export function updateBody(incoming: IncomingMessage): Record<string, unknown> {
  return incoming.message.kind === "notification"
    ? ((incoming.message.params as { update?: Record<string, unknown> } | undefined)?.update ?? {})
    : {};
}

/** session/update notifications of one kind for the session, after `afterSeq`, once the agent settled. */
export async function updatesOfKind(
  agent: AgentUnderTest,
  afterSeq: number,
  sessionId: string,
  kind: string,
): Promise<IncomingMessage[]> {
  return (await agent.updatesAfter(afterSeq, sessionId)).filter((update) => updateKind(update) === kind);
}

/** Records not-applicable for each gated requirement: the agent did not offer the feature. */
export function notApplicable(
  context: ScenarioContext,
  requirements: readonly RequirementId[],
  message: string,
): void {
  for (const requirement of requirements) context.check({ requirement, verdict: "not-applicable", message });
}
