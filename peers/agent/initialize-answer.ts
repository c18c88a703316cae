/**
 * The mock agent's answer to initialize, as its script's `initialize` says: the version (or the
 * client's own, "echo"), the capabilities, the auth methods (by default one per `requireAuth`
 * id), the agent's info, or an error; after `delayMs`, so a scenario can see what a client sends
 * before it has the answer.
 */
import type { AgentScript } from "../script-types.js";

type Reply = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export async function answerInitialize(script: AgentScript, params: Record<string, unknown>): Promise<Reply> {
  const answer = script.initialize ?? {};
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  if (answer.error) return { error: answer.error };
  if (typeof params.protocolVersion !== "number" || !Number.isInteger(params.protocolVersion))
    return { error: { code: -32602, message: "Invalid params: protocolVersion must be an integer" } };
  const result: Record<string, unknown> = {
    protocolVersion:
      answer.protocolVersion === "echo" ? params.protocolVersion : (answer.protocolVersion ?? 1),
    agentCapabilities: answer.agentCapabilities ?? {
      loadSession: false,
      mcpCapabilities: { http: true },
    },
    authMethods: answer.authMethods ?? (script.requireAuth ?? []).map((id) => ({ id, name: id })),
  };
  if (answer.agentInfo !== null)
    result.agentInfo = answer.agentInfo ?? { name: "acp-conformance-mock-agent", version: "1.0.0" };
  return { result };
}
