/**
 * What both mock agents (v1's mock-agent-runtime.ts and v2's v2/mock-agent-v2.ts) do with a
 * prompt: pick the script's actions for its text, then run them one by one until one ends the
 * turn, a cancel arrives (when the script honours it), or the actions run out.
 */
import type { AgentAction, AgentScript } from "../script-types.js";
import type { Turn } from "./client-requests.js";

/** The actions of the first prompt rule that matches `text` (a `once` rule only the first time), or an echo. */
export function actionsForPrompt(script: AgentScript, usedRules: Set<number>, text: string): AgentAction[] {
  for (const [index, rule] of (script.prompts ?? []).entries()) {
    if (rule.once && usedRules.has(index)) continue;
    if (rule.match !== undefined && !text.includes(rule.match)) continue;
    if (rule.once) usedRules.add(index);
    return rule.actions;
  }
  return [{ message: `You said: ${text.slice(0, 200)}` }, { stop: "end_turn" }];
}

/**
 * Runs `actions` through `runAction` (which returns how the turn ends when an action ends it).
 * A cancel the script honours ends the turn before the next action, after the script's delay,
 * with its stop reason (cancelled by default); actions that run out end it with end_turn.
 */
export async function runScriptedTurn<End>(
  script: AgentScript,
  turn: Turn,
  actions: readonly AgentAction[],
  runAction: (action: AgentAction, honourCancel: boolean) => Promise<End | undefined>,
): Promise<End | { stopReason: string }> {
  const cancel = script.cancel ?? {};
  const honour = cancel.honour ?? true;
  const cancelled = async () => {
    if (cancel.afterMs) await new Promise((resolve) => setTimeout(resolve, cancel.afterMs));
    return { stopReason: cancel.stopReason ?? "cancelled" };
  };
  for (const action of actions) {
    if (honour && turn.cancelled.signal.aborted) return cancelled();
    const end = await runAction(action, honour);
    if (end) return end;
  }
  if (honour && turn.cancelled.signal.aborted) return cancelled();
  return { stopReason: "end_turn" };
}
