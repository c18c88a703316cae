/**
 * The check recorded on every host run: the envelope each adapter process got (one valid
 * line, then EOF). It is the mode's one generic requirement, so every scenario records it.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { stdioFrameProblems } from "../../kit/stdio/stdio-schema.js";
import type { HostRun } from "./driver.js";

export const GENERIC_HOST_REQUIREMENTS = [
  "host.framing.one-envelope-then-eof",
] as const satisfies readonly RequirementId[];

/** The envelope every adapter process of the run got: one line, a valid envelope, then EOF. */
export function recordEnvelopeCheck(context: ScenarioContext, run: HostRun): void {
  const envelopes = run.events.flatMap((event) => (event.kind === "envelope" ? [event] : []));
  if (envelopes.length === 0) {
    const started = run.events.length > 0;
    context.check({
      requirement: "host.framing.one-envelope-then-eof",
      verdict: "fail",
      message: started
        ? "the adapter was started but never got a line on stdin"
        : "the host never started {adapter} (check that the command passes it as the adapter to run)",
      evidence: { stderrTail: run.stderrTail },
    });
    return;
  }
  for (const envelope of envelopes) {
    let problem: string | undefined;
    let value: unknown;
    try {
      value = JSON.parse(envelope.text);
    } catch {
      problem = `its first line is not JSON: ${JSON.stringify(envelope.text.slice(0, 120))}`;
    }
    problem ??= stdioFrameProblems("stdio-adapter", "Envelope", value);
    if (problem === undefined && envelope.lines !== 1)
      problem = `the adapter got ${envelope.lines} lines before EOF, not one`;
    if (problem === undefined && !envelope.eof)
      problem = context.preflight.knownDefects?.includes("host.framing.one-envelope-then-eof")
        ? "stdin was not closed after the envelope line (as in the preflight, where the kit's adapter waited 2 s for EOF; here it went on at once)"
        : "stdin was not closed after the envelope line";
    if (problem !== undefined) {
      context.check({
        requirement: "host.framing.one-envelope-then-eof",
        verdict: "fail",
        message: `the envelope: ${problem}`,
      });
      return;
    }
  }
  context.check({
    requirement: "host.framing.one-envelope-then-eof",
    verdict: "pass",
    message: "one valid envelope line, then EOF",
  });
}
