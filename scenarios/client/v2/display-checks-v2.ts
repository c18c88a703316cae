/**
 * How the kit judges what a v2 client shows of tool calls, display terminals and plans after
 * updates that replace, clear or append (display-state.ts sends them). The kit reads only the
 * client's output, and a client may print a transcript, each update as it came: one that printed
 * a plan entry before its replacement legitimately has it in its log. So the rule is:
 *
 * 1. the client shows none of the texts the updates of this kind carried: not tested;
 * 2. its output after the turn's closing message (a nonce the agent sends after every display
 *    update) shows some of them: that is the client's rendering of the state the turn left, and is
 *    judged: it fails when a replaced value is in it or a current one is not;
 * 3. otherwise (only a transcript): it passes when no replaced value is anywhere in the output and
 *    every current one is, and is not tested else (replaced values in a transcript prove nothing).
 */
import type { RequirementId } from "../../../kit/requirements/index.js";
import type { ScenarioContext } from "../../../kit/scenario.js";
import { describeExit, type ClientRun } from "../driver.js";
import { checkNotExercised } from "../shared-checks.js";

/** One requirement's judgement: the texts the state must show, those it must not, and those that tell it shows this kind at all. */
export interface DisplayExpectation {
  requirement: RequirementId;
  /** What was sent, for the messages ("plan [a, b] then [c] for one planId"). */
  what: string;
  current: string[];
  replaced: string[];
  /** Texts any of which in the output means the client shows this kind (plan entries, tool call texts, terminal bytes). */
  shownBy: string[];
}

/** The output from the first appearance of the closing message on: the client's rendering after the turn ("" without one). */
export function renderingAfter(output: string, closing: string): string {
  const at = output.indexOf(closing);
  return at === -1 ? "" : output.slice(at + closing.length);
}

export function judgeDisplay(
  context: ScenarioContext,
  run: ClientRun,
  closing: string,
  expected: DisplayExpectation,
): void {
  const { requirement, what, current, replaced, shownBy } = expected;
  if (!shownBy.some((text) => run.output.includes(text))) {
    checkNotExercised(
      context,
      requirement,
      `the client's output has none of the texts sent in ${what} (${describeExit(run)}), so it does not show them and how it applies their updates cannot be told`,
    );
    return;
  }
  const rendering = renderingAfter(run.output, closing);
  const inRendering = shownBy.some((text) => rendering.includes(text));
  const judged = inRendering ? rendering : run.output;
  const stale = replaced.filter((text) => judged.includes(text));
  const missing = current.filter((text) => !judged.includes(text));
  const where = inRendering
    ? "in what the client printed after the turn's last message"
    : "in the client's output (it printed nothing of them after the turn's last message)";
  if (stale.length === 0 && missing.length === 0)
    context.check({
      requirement,
      verdict: "pass",
      message: `after ${what}, ${where} the current values show (${current.join(", ")})${replaced.length > 0 ? " and none of the replaced ones" : ""}`,
    });
  else if (inRendering)
    context.check({
      requirement,
      verdict: "fail",
      message: `after ${what}, ${where}: ${[
        ...(stale.length > 0 ? [`replaced or cleared values still show (${stale.join(", ")})`] : []),
        ...(missing.length > 0 ? [`current values are missing (${missing.join(", ")})`] : []),
      ].join("; ")}`,
      evidence: { details: [rendering.slice(0, 1_000)] },
    });
  else
    checkNotExercised(
      context,
      requirement,
      `after ${what}, the client printed nothing of them after the turn's last message, and its output ${stale.length > 0 ? `has replaced values (${stale.join(", ")}), which a transcript printed as the updates came may show legitimately` : `lacks ${missing.join(", ")}`}; print the state after the turn to be judged`,
    );
}
