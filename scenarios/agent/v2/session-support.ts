/**
 * What the v2 session scenarios (session-resume.ts, session-list.ts, session-config.ts) share:
 * the session capabilities the agent advertised, recording not-applicable for what it did not,
 * and expecting a -32602 refusal.
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { ScenarioContext } from "../../../kit/scenario.js";
import type { RequestOutcome } from "../../../kit/wire/connection.js";
import { describeOutcome, excerptAround } from "../evidence.js";
import type { AgentV2UnderTest } from "./driver.js";

/** capabilities.session as advertised: undefined when omitted or null (no session surface). */
export function sessionCapabilities(
  initializeResult: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const session = (initializeResult.capabilities as { session?: unknown } | undefined)?.session;
  return session && typeof session === "object" ? (session as Record<string, unknown>) : undefined;
}

/** A support marker is an object; omitted and null mean not advertised. */
export function advertises(session: Record<string, unknown> | undefined, capability: string): boolean {
  const marker = session?.[capability];
  return marker !== undefined && marker !== null && marker !== false;
}

export function notApplicable(
  context: ScenarioContext,
  requirements: readonly RequirementId[],
  message: string,
): void {
  for (const requirement of requirements) context.check({ requirement, verdict: "not-applicable", message });
}

/** One check: the request must be refused with -32602 (Invalid params), as the v2 schema asks. */
export function expectInvalidParams(
  agent: AgentV2UnderTest,
  requirement: RequirementId,
  outcome: RequestOutcome,
  what: string,
): void {
  if (outcome.kind === "response" && outcome.error?.code === -32602)
    agent.context.check({ requirement, verdict: "pass", message: `${what}: refused with -32602` });
  else
    agent.context.check({
      requirement,
      verdict: "fail",
      message: `${what} must be refused with -32602 (Invalid params); got ${describeOutcome(outcome)}`,
      evidence: {
        transcript: excerptAround(
          agent.transcript,
          outcome.kind === "response" ? outcome.response.seq : outcome.request.seq,
        ),
      },
    });
}

export function resultOf(outcome: RequestOutcome): Record<string, unknown> | undefined {
  return outcome.kind === "response" && !outcome.error && outcome.result && typeof outcome.result === "object"
    ? (outcome.result as Record<string, unknown>)
    : undefined;
}

/** A prompt for a session that does not exist (never created, or closed) must be answered with an error. */
export async function expectPromptRefused(
  agent: AgentV2UnderTest,
  requirement:
    | "agent.session-matching.unknown-session-rejected"
    | "agent.session-matching.closed-session-rejects-prompts",
  sessionId: string,
  what: string,
): Promise<void> {
  const outcome = await agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "Hello?" }],
  });
  const refused = outcome.kind === "response" && outcome.error !== undefined;
  agent.context.check({
    requirement,
    verdict: refused ? "pass" : "fail",
    message: refused
      ? `a prompt for ${what} was refused (${describeOutcome(outcome)})`
      : `a prompt for ${what} must be answered with an error; got ${describeOutcome(outcome)}`,
    ...(refused ? {} : { evidence: { transcript: excerptAround(agent.transcript, outcome.request.seq) } }),
  });
}
