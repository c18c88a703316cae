/**
 * What a failing property case shows of the client's output. A case is judged by whether a
 * text appears in that output, so the lines that mention it are the evidence a person needs.
 */
import { describeExit, type ClientRun } from "./driver.js";

/** The client's output lines a failure shows, at most. */
const EVIDENCE_LINES = 12;

/** The lines of the client's output (stdout, then the stderr tail) that mention `needle`, or its first lines. */
export function outputEvidence(run: ClientRun, needle?: string): Record<string, unknown> {
  const lines = run.output.split("\n").filter((line) => line.trim() !== "");
  const matching = needle === undefined ? [] : lines.filter((line) => line.includes(needle));
  return {
    clientExit: describeExit(run),
    clientOutput: (matching.length > 0 ? matching : lines).slice(0, EVIDENCE_LINES),
    stderrTail: run.stderrTail,
  };
}
