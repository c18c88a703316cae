/**
 * Checks made on every runtime run: each stdout line a valid event, exactly one terminal
 * event and last, the exit code agreeing with it; and, where a scenario asks, that nothing of
 * the agent's tree outlived the run.
 */
import type { RequirementId } from "../../kit/requirements/index.js";
import type { ScenarioContext } from "../../kit/scenario.js";
import { listSurvivors, survivorEvidence } from "../../kit/process/tree.js";
import { stdioFrameProblems } from "../../kit/stdio/stdio-schema.js";
import { describeRuntimeRun, lastEvent, type RuntimeRun } from "./driver.js";

export const GENERIC_RUNTIME_REQUIREMENTS = ["runtime.framing.events-valid", "runtime.events.one-terminal-event", "runtime.events.exit-code-agrees"] as const satisfies readonly RequirementId[];

export function recordGenericRuntimeChecks(context: ScenarioContext, run: RuntimeRun): void {
  const invalid = run.parsed.flatMap((line) => {
    const problem = line.value === undefined ? "not JSON" : stdioFrameProblems("runtime-v1", "Event", line.value);
    return problem === undefined ? [] : [{ text: line.text, problem }];
  });
  context.check(
    invalid.length > 0
      ? { requirement: "runtime.framing.events-valid", verdict: "fail", message: `${invalid.length} stdout line(s) are not valid runtime events; the first, ${JSON.stringify(invalid[0]!.text.slice(0, 120))}: ${invalid[0]!.problem.slice(0, 200)}` }
      : { requirement: "runtime.framing.events-valid", verdict: "pass", message: `${run.parsed.length} stdout lines, each a valid event` },
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
      ? { requirement: "runtime.events.one-terminal-event", verdict: "pass", message: `one ${String(last!.type)} event, last` }
      : { requirement: "runtime.events.one-terminal-event", verdict: "fail", message: `${terminal.length} terminal events${terminal.length > 0 && !lastIsTerminal ? ", and not last" : ""}; ${describeRuntimeRun(run)}` },
  );
  if (!lastIsTerminal || !run.exit) return;
  const agrees = last!.type === "result" ? run.exit.code === 0 : run.exit.code !== 0;
  context.check(
    agrees
      ? { requirement: "runtime.events.exit-code-agrees", verdict: "pass", message: `${String(last!.type)} event, exit ${run.exit.code ?? run.exit.signal}` }
      : { requirement: "runtime.events.exit-code-agrees", verdict: "fail", message: `a ${String(last!.type)} event, then exit ${run.exit.code ?? run.exit.signal}` },
  );
}

export function recordNoDescendantsCheck(context: ScenarioContext, run: RuntimeRun, after: string): void {
  if (run.timedOut) {
    context.check({ requirement: "runtime.cleanup.no-descendants", verdict: "not-tested", message: `not judged after ${after}: the runtime was still running at --host-timeout (the kit killed it)` });
    return;
  }
  context.check(
    run.survivors.length === 0
      ? { requirement: "runtime.cleanup.no-descendants", verdict: "pass", message: `after ${after}, nothing of the agent's tree was left` }
      : { requirement: "runtime.cleanup.no-descendants", verdict: "fail", message: `after ${after}, ${run.survivors.length} process(es) of the agent's tree outlived the runtime: ${listSurvivors(run.survivors)}`, evidence: { processes: survivorEvidence(run.survivors) } },
  );
}
