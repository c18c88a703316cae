/** The kit's v2 agent for client mode's v2 scenarios: client mode's scripts (grandchildren included) with `protocolVersion: 2`. */
import type { AgentAction, AgentScript } from "../../../peers/script-types.js";
import { agentScript } from "../agent-scripts.js";

export function agentScriptV2(
  actions: AgentAction[],
  extra: Omit<AgentScript, "role" | "prompts"> = {},
): AgentScript {
  return { ...agentScript(actions, extra), protocolVersion: 2 };
}
