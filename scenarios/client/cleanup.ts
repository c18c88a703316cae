/**
 * cleanup: the ordinary turn, which exists for the cleanup requirements. How the client ends
 * its agent is judged by the generic checks on every run; this scenario is the run with
 * nothing else going on, so a cleanup failure here is not a side effect of a fault.
 */
import type { Scenario } from "../../kit/scenario.js";
import { recordGenericClientChecks } from "./generic-checks.js";
import { playOrdinaryTurn } from "./ordinary-turn.js";

export const ordinaryTurnScenario: Scenario = {
  id: "client.turn.ordinary",
  title: "an ordinary turn",
  mode: "client",
  requirements: ["client.cleanup.agent-group-gone", "client.cleanup.closes-stdin-first"],
  async run(context) {
    const turn = await playOrdinaryTurn(context);
    recordGenericClientChecks(context, turn.run);
  },
};
