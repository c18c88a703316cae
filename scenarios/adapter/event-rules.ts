/**
 * Two rules of the adapter protocol as predicates: which stdout lines are not events, and
 * whether the exit code agrees with the events. The generic checks record them on every run
 * and the task-content property judges each generated case by them, so both read a run alike.
 */
import { adapterEvents, type AdapterRun } from "./driver.js";

/** Stdout lines that are not one JSON object with a string type (adapter.framing.stdout-only-json). */
export function linesNotEvents(run: AdapterRun): AdapterRun["lines"] {
  return run.lines.filter(
    (line) =>
      !(
        line.value &&
        typeof line.value === "object" &&
        !Array.isArray(line.value) &&
        typeof (line.value as { type?: unknown }).type === "string"
      ),
  );
}

/** Exit 0 without an error event, nonzero with one (adapter.events.exit-code-agrees); only for an adapter that exited by itself. */
export function exitCodeAgrees(run: AdapterRun): boolean {
  const failed = run.exit?.code !== 0;
  return failed === adapterEvents(run).some((event) => event.type === "error");
}
