/**
 * What a failed host property case shows of the host's run: how it exited, the first lines of
 * its stdout and the tail of its stderr. Both host properties report their cases this way.
 */
import { describeHostExit, type HostRun } from "./driver.js";

/** The host's stdout lines a failure shows, at most. */
const EVIDENCE_LINES = 12;

export function outputEvidence(run: HostRun): Record<string, unknown> {
  return {
    hostExit: describeHostExit(run),
    hostStdout: run.lines.slice(0, EVIDENCE_LINES).map((line) => line.text),
    stderrTail: run.stderrTail,
  };
}
