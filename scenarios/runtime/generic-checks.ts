/**
 * The checks recorded on every runtime run, and GENERIC_RUNTIME_REQUIREMENTS: each stdout
 * line a valid event, the envelope the agent got, exactly one terminal event and last, the
 * exit code agreeing with it. Every scenario calls recordGenericRuntimeChecks after each run.
 */
import { isDeepStrictEqual } from "node:util";
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { stdioFrameProblems } from "../../kit/stdio/stdio-schema.js";
import { describeRuntimeRun, lastEvent, type RuntimeRun } from "./driver.js";

export const GENERIC_RUNTIME_REQUIREMENTS = [
  "runtime.framing.events-valid",
  "runtime.framing.one-envelope-then-eof",
  "runtime.events.one-terminal-event",
  "runtime.events.exit-code-agrees",
] as const satisfies readonly RequirementId[];

/** What the agent got on stdin, when it was started: one valid envelope line carrying the request's task, then EOF. */
function recordEnvelopeCheck(context: ScenarioContext, run: RuntimeRun): void {
  const envelopes = run.events.flatMap((event) => (event.kind === "envelope" ? [event] : []));
  if (envelopes.length === 0) return; // the agent never started or never got a line: other checks say why
  const task = typeof run.request === "object" ? run.request.task : undefined;
  for (const envelope of envelopes) {
    let value: unknown;
    let problem: string | undefined;
    try {
      value = JSON.parse(envelope.text);
    } catch {
      problem = `its first line is not JSON: ${JSON.stringify(envelope.text.slice(0, 120))}`;
    }
    problem ??= stdioFrameProblems("stdio-adapter", "Envelope", value);
    if (
      problem === undefined &&
      task !== undefined &&
      !isDeepStrictEqual((value as { task?: unknown }).task, task)
    )
      problem = "its task is not the request's task unchanged";
    if (problem === undefined && envelope.lines !== 1)
      problem = `the agent got ${envelope.lines} lines before EOF, not one`;
    if (problem === undefined && !envelope.eof) problem = "stdin was not closed after the envelope line";
    if (problem !== undefined) {
      context.check({
        requirement: "runtime.framing.one-envelope-then-eof",
        verdict: "fail",
        message: `the envelope the agent got: ${problem}`,
      });
      return;
    }
  }
  context.check({
    requirement: "runtime.framing.one-envelope-then-eof",
    verdict: "pass",
    message: "one valid envelope line with the request's task, then EOF",
  });
}

export function recordGenericRuntimeChecks(context: ScenarioContext, run: RuntimeRun): void {
  recordEnvelopeCheck(context, run);
  const invalid = run.parsed.flatMap((line) => {
    const problem =
      line.value === undefined ? "not JSON" : stdioFrameProblems("runtime-v1", "Event", line.value);
    return problem === undefined ? [] : [{ text: line.text, problem }];
  });
  context.check(
    invalid.length > 0
      ? {
          requirement: "runtime.framing.events-valid",
          verdict: "fail",
          message: `${invalid.length} stdout line(s) are not valid runtime events; the first, ${JSON.stringify(invalid[0]!.text.slice(0, 120))}: ${invalid[0]!.problem.slice(0, 200)}`,
        }
      : {
          requirement: "runtime.framing.events-valid",
          verdict: "pass",
          message: `${run.parsed.length} stdout lines, each a valid event`,
        },
  );
  if (run.timedOut) return;
  const terminal = run.parsed.filter((line) => {
    const type = (line.value as { type?: unknown } | undefined)?.type;
    return type === "result" || type === "error";
  });
  const last = lastEvent(run);
  const lastIsTerminal = last?.type === "result" || last?.type === "error";
  context.check(
    terminal.length === 1 && lastIsTerminal
      ? {
          requirement: "runtime.events.one-terminal-event",
          verdict: "pass",
          message: `one ${String(last!.type)} event, last`,
        }
      : {
          requirement: "runtime.events.one-terminal-event",
          verdict: "fail",
          message: `${terminal.length} terminal events${terminal.length > 0 && !lastIsTerminal ? ", and not last" : ""}; ${describeRuntimeRun(run)}`,
        },
  );
  if (!lastIsTerminal || !run.exit) return;
  const agrees = last!.type === "result" ? run.exit.code === 0 : run.exit.code !== 0;
  context.check(
    agrees
      ? {
          requirement: "runtime.events.exit-code-agrees",
          verdict: "pass",
          message: `${String(last!.type)} event, exit ${run.exit.code ?? run.exit.signal}`,
        }
      : {
          requirement: "runtime.events.exit-code-agrees",
          verdict: "fail",
          message: `a ${String(last!.type)} event, then exit ${run.exit.code ?? run.exit.signal}`,
        },
  );
}
