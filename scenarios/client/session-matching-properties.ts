/**
 * session-matching as a property: no interleaving of the turn's own updates, updates for other
 * sessions and a permission request shows a foreign update's canary as the turn's output. The
 * fixed foreign-updates scenario plays one order, with no permission request and no session
 * whose id starts with the client's own; a client that shows what came right before a request,
 * or matches session ids loosely, fails only in orders and sessions the property generates.
 */
import { describeExit } from "./driver.js";
import { describeStep, FOREIGN_SESSIONS, runInterleavedTurn, turnTexts } from "./interleaved-turns.js";
import { outputEvidence } from "./output-evidence.js";
import { showsForeignCanary } from "./session-matching.js";
import { turnInterleavings, type TurnStep } from "../properties/arbitraries.js";
import { definePropertyScenario } from "../properties/property-scenario.js";

export const clientForeignUpdatesProperty = definePropertyScenario<null, TurnStep[]>({
  id: "client.property.foreign-updates",
  title:
    "no interleaving of the turn's updates, updates for other sessions and a permission request shows a foreign update's text as the turn's output",
  mode: "client",
  requirements: ["client.session-matching.ignores-foreign-updates"],
  // A client that shows none of the agent's text would hold in every case without proving
  // anything: one plain turn first tells whether the client's output can show a leak at all.
  async setup(context) {
    const steps: TurnStep[] = [{ kind: "own-update" }];
    const texts = turnTexts(steps);
    const run = await runInterleavedTurn(context, steps, texts);
    if (run.output.includes(texts.own[0]!)) return null;
    return `the client did not show the text of a plain turn's update (${describeExit(run)}), so the kit cannot see which updates it takes for the turn's`;
  },
  // Every turn asks permission somewhere, because a client may look back at what came before a
  // request and show it; turns without one are what the fixed foreign-updates scenario plays.
  arbitrary: () =>
    turnInterleavings({ maxUpdates: 5, foreignSessions: FOREIGN_SESSIONS.length, permission: true }),
  async runCase(context, _setup, steps) {
    const texts = turnTexts(steps);
    const run = await runInterleavedTurn(context, steps, texts);
    // Judged as the fixed scenario judges it: showing a canary is harmless only in a turn the client failed.
    const leaked = texts.foreign.filter((canary) => showsForeignCanary(run, canary));
    if (leaked.length === 0) return undefined;
    return {
      message: `turn [${steps.map(describeStep).join(", ")}]: the text of ${leaked.length} update(s) for another session appeared in the client's output as if it were this turn's (${leaked.join(", ")}); ${describeExit(run)}`,
      details: { canaries: texts.foreign, ownTexts: texts.own, ...outputEvidence(run, leaked[0]) },
    };
  },
  describe: (_setup, steps) => ({ steps: steps.map(describeStep) }),
});
