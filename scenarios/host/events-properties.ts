/**
 * events as a property (the kit plays the adapter and generates what it writes): any legal
 * interleaving of messages, repeated ids and unknown event types shows each id's first message
 * and every message without an id, never a repeat, never an unknown event. "Shown" is judged
 * as the fixed host scenarios judge it: the text appears in the host's output.
 */
import fc from "fast-check";
import type { RequirementId } from "../../kit/requirements/index.js";
import {
  definePropertyScenario,
  withCaseContext,
  type CaseFailure,
} from "../properties/property-scenario.js";
import { completed, describeHostExit, nonce, runHost, shown } from "./driver.js";
import { outputEvidence } from "./property-evidence.js";

/** One event the adapter writes: a message with or without an id, or an event of a type the protocol does not know. */
type HostEventStep = { kind: "message"; id?: string } | { kind: "unknown"; type: string; id?: string };

/** A small id pool, so ids repeat often. */
const EVENT_IDS = ["a", "b", "c"] as const;
/** Types the protocol does not know, including a near miss of "message" and the runtime protocol's "result". */
const UNKNOWN_TYPES = ["tool", "progress", "reasoning", "result", "Message"] as const;

/** Whether a message with this step's id came earlier: a message that repeats an id must not be shown. */
function isRepeat(steps: readonly HostEventStep[], index: number): boolean {
  const step = steps[index]!;
  return (
    step.kind === "message" &&
    step.id !== undefined &&
    steps.slice(0, index).some((earlier) => earlier.kind === "message" && earlier.id === step.id)
  );
}

/**
 * Sequences of up to 10 events in which some message id repeats and some unknown event
 * appears, so every case judges all three requirements. Unknown events share the message ids
 * too: an unknown event's id was never shown, so a later message with it still must be.
 * Shrinks towards fewer events, the id "a" and the type "tool".
 */
function hostEventInterleavings(): fc.Arbitrary<HostEventStep[]> {
  const id = fc.option(fc.constantFrom(...EVENT_IDS), { nil: undefined });
  const withId = <T extends HostEventStep>(step: T, stepId: string | undefined): T =>
    stepId === undefined ? step : { ...step, id: stepId };
  const step = fc.oneof(
    { weight: 3, arbitrary: id.map((stepId) => withId<HostEventStep>({ kind: "message" }, stepId)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...UNKNOWN_TYPES), id)
        .map(([type, stepId]) => withId<HostEventStep>({ kind: "unknown", type }, stepId)),
    },
  );
  return fc
    .array(step, { minLength: 3, maxLength: 10 })
    .filter(
      (steps) =>
        steps.some((_, index) => isRepeat(steps, index)) &&
        steps.some((candidate) => candidate.kind === "unknown"),
    );
}

/** "message id=a", "message (no id)", "unknown type tool, id=b": plain words, so they read well inside a JSON report too. */
function describeStep(step: HostEventStep): string {
  if (step.kind === "message") return step.id !== undefined ? `message id=${step.id}` : "message (no id)";
  return `unknown type ${step.type}${step.id !== undefined ? `, id=${step.id}` : " (no id)"}`;
}

/** The adapter's event for one step, with a text of its own so the kit can tell what was shown. */
function eventOf(step: HostEventStep, text: string): Record<string, unknown> {
  const event: Record<string, unknown> = { type: step.kind === "message" ? "message" : step.type };
  if (step.id !== undefined) event.id = step.id;
  event.text = text;
  return event;
}

/** The property's requirements, in the order a case's problems are counted against them. */
const INTERLEAVING_REQUIREMENTS = [
  "host.events.duplicate-id-shown-once",
  "host.events.ignores-unknown-types",
  "host.events.shows-messages",
] as const satisfies readonly RequirementId[];

interface Misjudged {
  requirement: RequirementId;
  what: string;
}

export const hostEventInterleavingsProperty = definePropertyScenario<null, HostEventStep[]>({
  id: "host.property.event-interleavings",
  title:
    "any interleaving of messages, repeated ids and unknown event types shows each id's first message and every message without an id, and nothing else",
  mode: "host",
  requirements: INTERLEAVING_REQUIREMENTS,
  async setup(context) {
    const text = nonce("plain");
    const run = await withCaseContext(context, (caseContext) =>
      runHost(caseContext, [{ message: { text } }]),
    );
    if (completed(run) && shown(run, text)) return null;
    return `one plain message was not shown in a completed task (${describeHostExit(run)}); host.events.shows-messages reports why`;
  },
  arbitrary: () => hostEventInterleavings(),
  async runCase(context, _setup, steps) {
    const texts = steps.map((_, index) => nonce(`event-${index + 1}`));
    const run = await runHost(
      context,
      steps.map((step, index) => ({ event: eventOf(step, texts[index]!) })),
    );
    const misjudged: Misjudged[] = [];
    if (!completed(run))
      misjudged.push({
        requirement: "host.events.shows-messages",
        what: `the task did not complete: ${describeHostExit(run)}`,
      });
    for (const [index, step] of steps.entries()) {
      const at = `event #${index + 1} (${describeStep(step)})`;
      const wasShown = shown(run, texts[index]!);
      if (step.kind === "unknown") {
        if (wasShown)
          misjudged.push({ requirement: "host.events.ignores-unknown-types", what: `${at} was shown` });
      } else if (isRepeat(steps, index)) {
        if (wasShown)
          misjudged.push({
            requirement: "host.events.duplicate-id-shown-once",
            what: `${at} repeats an id already shown, yet it was shown`,
          });
      } else if (!wasShown) {
        misjudged.push({ requirement: "host.events.shows-messages", what: `${at} was not shown` });
      }
    }
    if (misjudged.length === 0) return undefined;
    // Every problem is in the message; the case counts against the first requirement in the property's order.
    const requirement = INTERLEAVING_REQUIREMENTS.find((candidate) =>
      misjudged.some((problem) => problem.requirement === candidate),
    )!;
    const failure: CaseFailure = {
      requirement,
      message: `events ${steps.map((step) => `[${describeStep(step)}]`).join(" ")}: ${misjudged.map((problem) => problem.what).join("; ")}`,
      details: { texts, ...outputEvidence(run) },
    };
    return failure;
  },
  describe: (_setup, steps) => ({ events: steps.map(describeStep) }),
});
