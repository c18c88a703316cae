/**
 * permission as a property: a permission request at any point of a turn (before any update,
 * between updates, after one for another session) gets a valid answer. The fixed permission
 * scenarios announce the tool call with an update before they ask; a client that needs state
 * from an earlier update fails only when the request comes elsewhere.
 */
import { describeExit } from "./driver.js";
import { describeStep, runInterleavedTurn, turnTexts } from "./interleaved-turns.js";
import { outputEvidence } from "./output-evidence.js";
import { isValidPermissionOutcome, OFFERED_OPTION_IDS } from "./permission.js";
import { turnInterleavings, type TurnStep } from "../properties/arbitraries.js";
import { definePropertyScenario } from "../properties/property-scenario.js";

export const clientPermissionAnywhereProperty = definePropertyScenario<null, TurnStep[]>({
  id: "client.property.permission-anywhere",
  title:
    "a permission request at any point of a turn (before any update, between updates, after one for another session) gets a valid answer",
  mode: "client",
  requirements: ["client.permission.valid-answer"],
  setup: async () => null,
  arbitrary: () => turnInterleavings({ maxUpdates: 4, foreignSessions: 1, permission: true }),
  async runCase(context, _setup, steps) {
    const run = await runInterleavedTurn(context, steps, turnTexts(steps));
    const before = steps.slice(
      0,
      steps.findIndex((step) => step.kind === "permission"),
    );
    const where =
      before.length === 0
        ? "a permission request before any update"
        : `a permission request after [${before.map(describeStep).join(", ")}]`;
    const answer = run.events.find((event) => event.kind === "permission");
    if (answer?.kind !== "permission")
      return { message: `${where} was never answered (${describeExit(run)})`, details: outputEvidence(run) };
    // Judged as the fixed permission scenario judges it.
    if (isValidPermissionOutcome(answer.outcome)) return undefined;
    return {
      message: `${where} was answered ${JSON.stringify(answer.outcome)}: the answer must select an offered option (${OFFERED_OPTION_IDS.join(", ")}) or be cancelled`,
      details: { answer: answer.outcome ?? null, ...outputEvidence(run) },
    };
  },
  describe: (_setup, steps) => ({ steps: steps.map(describeStep) }),
});
