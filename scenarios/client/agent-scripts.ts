/**
 * The mock agent scripts client-mode scenarios hand their client. Every fixed scenario's script
 * starts two grandchildren (one in the agent's process group, one escaped with setsid) so every
 * run also shows what the client leaves behind, and every turn carries a nonce so the kit can
 * tell whether the client printed what the agent said.
 */
import type { AgentAction, AgentScript } from "../../peers/script-types.js";

export { nonce } from "../harness/nonce.js";

/**
 * How long a turn waits (the awaitReplies action) for a client's answers to the malformed lines
 * it wrote before going on. A client that answers at all answers in milliseconds; the wait only
 * keeps a loaded machine's late answer from racing the end of the turn, and stays well below
 * the turn timeouts clients keep (the fixture clients give up after 5 s).
 */
export const PROBE_ANSWERS_WAIT_MS = 1_000;

/** A mock agent whose every prompt runs `actions` (then end_turn unless they end the turn). */
export function agentScript(
  actions: AgentAction[],
  extra: Omit<AgentScript, "role" | "prompts"> = {},
): AgentScript {
  return {
    role: "agent",
    ...extra,
    faults: {
      spawnDescendants: [
        { setsid: false, seconds: 120 },
        { setsid: true, seconds: 120 },
      ],
      ...extra.faults,
    },
    prompts: [{ actions }],
  };
}

/**
 * The mock agent of one property case: without the grandchildren, because cleanup is the fixed
 * scenarios' to judge and a property runs many cases, each of which must stay cheap.
 */
export function caseAgentScript(
  actions: AgentAction[],
  extra: Omit<AgentScript, "role" | "prompts"> = {},
): AgentScript {
  return agentScript(actions, { ...extra, faults: { spawnDescendants: [], ...extra.faults } });
}
