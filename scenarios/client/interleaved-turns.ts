/**
 * Turns whose steps a property generates: the turn's own updates, updates for other sessions
 * and a permission request, in any order. The foreign-updates and permission-anywhere
 * properties play the same turns, so a failure in one can be read against the other.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { AgentAction } from "../../peers/script-types.js";
import { caseAgentScript, nonce } from "./agent-scripts.js";
import { runClient, type ClientRun } from "./driver.js";
import type { TurnStep } from "../properties/arbitraries.js";

/** The session the mock agent hands the client: fixed, so a foreign session can be a near miss of it. */
const OWN_SESSION = "kit-session-1";
/**
 * Sessions the client never created: one unrelated, and one that has the client's own session
 * id as a prefix (as a session the agent holds for another client might), which a client that
 * matches sessions loosely would take for its own.
 */
export const FOREIGN_SESSIONS = ["kit-foreign-session", `${OWN_SESSION}-sibling`] as const;

/** The texts of one turn: each own update and each foreign update has a text of its own. */
export interface TurnTexts {
  own: string[];
  /** Canaries: text that must never be shown as the turn's output. */
  foreign: string[];
}

export function turnTexts(steps: readonly TurnStep[]): TurnTexts {
  const ownRoot = nonce("own");
  const canaryRoot = nonce("canary");
  const texts: TurnTexts = { own: [], foreign: [] };
  // Brackets end each text, so the text of update 1 is not found inside that of update 10.
  for (const step of steps) {
    if (step.kind === "own-update") texts.own.push(`[${ownRoot}#${texts.own.length + 1}]`);
    if (step.kind === "foreign-update") texts.foreign.push(`[${canaryRoot}#${texts.foreign.length + 1}]`);
  }
  return texts;
}

/** The agent's actions for a turn's steps, then end_turn. */
function turnActions(steps: readonly TurnStep[], texts: TurnTexts): AgentAction[] {
  let own = 0;
  let foreign = 0;
  const actions: AgentAction[] = steps.map((step): AgentAction => {
    if (step.kind === "own-update") return { message: texts.own[own++]! };
    if (step.kind === "foreign-update")
      return {
        foreignUpdate: { sessionId: FOREIGN_SESSIONS[step.session]!, text: texts.foreign[foreign++]! },
      };
    // No tool_call update before it: the request carries its tool call, and "any point" includes before any update.
    return { requestPermission: { toolCallId: "kit-tool", title: "Write kit.txt" } };
  });
  return [...actions, { stop: "end_turn" }];
}

/** "own update", "update for kit-foreign-session", "permission request": plain words for the report. */
export function describeStep(step: TurnStep): string {
  if (step.kind === "own-update") return "own update";
  if (step.kind === "foreign-update") return `update for ${FOREIGN_SESSIONS[step.session]}`;
  return "permission request";
}

/** Runs the client for one turn of `steps`, the agent saying `texts`. */
export function runInterleavedTurn(
  context: ScenarioContext,
  steps: readonly TurnStep[],
  texts: TurnTexts,
): Promise<ClientRun> {
  return runClient(context, caseAgentScript(turnActions(steps, texts), { sessionIds: [OWN_SESSION] }));
}
