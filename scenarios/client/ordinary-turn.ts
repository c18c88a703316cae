/**
 * The client's ordinary turn: the agent says one text and ends the turn. The cleanup scenario
 * plays it as it is and each framing scenario plays it under one fault of the agent's, so what
 * differs between their runs is the fault.
 */
import type { ScenarioContext } from "../../kit/scenario.js";
import type { Faults } from "../../peers/script-types.js";
import { agentScript, nonce } from "./agent-scripts.js";
import { runClient, type ClientRun } from "./driver.js";

export interface OrdinaryTurn {
  run: ClientRun;
  /** What the agent said: a nonce, so the kit can tell whether the client showed it. */
  text: string;
}

/** Runs the client for one ordinary turn, with the agent's `faults` and, first, `stderrBytes` written to its stderr. */
export async function playOrdinaryTurn(
  context: ScenarioContext,
  faults: Faults = {},
  stderrBytes = 0,
): Promise<OrdinaryTurn> {
  const text = nonce("turn");
  const run = await runClient(
    context,
    agentScript(
      [
        ...(stderrBytes > 0 ? [{ flood: { bytes: stderrBytes, stream: "stderr" as const } }] : []),
        { message: text },
        { stop: "end_turn" },
      ],
      { faults },
    ),
  );
  return { run, text };
}
