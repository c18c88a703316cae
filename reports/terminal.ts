/**
 * Terminal output: live progress on a TTY, then results grouped by area and one verdict line.
 * Reports never run anything; this only formats what the runner produced.
 */
import type { ProgressListener, Scenario } from "../kit/scenario.js";
import type { ConformanceReport, RequirementResult, ScenarioResult } from "../kit/report/report-types.js";
import { AREAS } from "../kit/requirements/index.js";
import { VERDICT_SYMBOL } from "./marks.js";
import {
  describeFlip,
  describeTarget,
  profileLabel,
  repeatSummary,
  untestedMusts,
  verdictLine,
  whyNotTested,
} from "./report-facts.js";

export interface TerminalOptions {
  color: boolean;
  /** Rewrite one status line while scenarios run (only on a TTY). */
  live: boolean;
  quiet: boolean;
  verbose: boolean;
  write: (text: string) => void;
}

const ANSI = { red: 31, green: 32, yellow: 33, gray: 90, bold: 1 } as const;

function paint(options: TerminalOptions, color: keyof typeof ANSI, text: string): string {
  return options.color ? `\u001b[${ANSI[color]}m${text}\u001b[0m` : text;
}

const COLOR: Record<RequirementResult["verdict"], keyof typeof ANSI> = {
  pass: "green",
  fail: "red",
  warn: "yellow",
  "not-applicable": "gray",
  "not-tested": "yellow",
};

/** Progress while scenarios run: a rewritten line on a TTY, one line per scenario with --verbose. */
export function progressPrinter(options: TerminalOptions): ProgressListener {
  let done = 0;
  const running = new Set<string>();
  const status = (total: number) => {
    if (!options.live) return;
    const names = [...running].slice(0, 2).join(", ");
    options.write(
      `\r\u001b[2K${paint(options, "gray", `[${done}/${total}] running ${names}${running.size > 2 ? ", …" : ""}`)}`,
    );
  };
  let total = 0;
  return {
    scenarioStarted(scenario: Scenario, _index: number, count: number) {
      total = count;
      running.add(scenario.id);
      status(total);
    },
    scenarioFinished(scenario: Scenario, result: ScenarioResult) {
      done += 1;
      running.delete(scenario.id);
      if (options.verbose && !options.quiet) {
        if (options.live) options.write("\r\u001b[2K");
        const note = result.message ? ` (${result.message})` : "";
        options.write(
          `${paint(options, "gray", `${result.status.padEnd(9)} ${String(result.durationMs).padStart(6)} ms`)} ${scenario.id}${note}\n`,
        );
      }
      if (done === total && options.live) options.write("\r\u001b[2K");
      else status(total);
    },
  };
}

function firstCheck(result: RequirementResult, verdict: "fail" | "not-tested") {
  return result.checks.find((check) => check.verdict === verdict);
}

export function formatSummary(report: ConformanceReport, options: TerminalOptions): string {
  const lines: string[] = [];
  if (!options.quiet) {
    lines.push(
      paint(
        options,
        "bold",
        `acp-conformance ${report.tool.version} · ${report.mode} mode · ${profileLabel(report)} · ${describeTarget(report)}`,
      ),
    );
    for (const area of AREAS) {
      const inArea = report.requirements.filter((result) => result.area === area);
      if (inArea.length === 0) continue;
      lines.push("", paint(options, "bold", area));
      for (const result of inArea) {
        const mark = VERDICT_SYMBOL[result.verdict];
        const color = COLOR[result.verdict];
        const level = paint(options, "gray", result.level.padEnd(6));
        const position = result.position ? paint(options, "gray", " (kit position)") : "";
        lines.push(
          `  ${paint(options, color, mark)} ${level} ${result.id}${position}${result.baselined ? paint(options, "gray", " (baselined)") : ""}`,
        );
        const failing = firstCheck(result, "fail");
        if (failing && result.verdict !== "pass") {
          lines.push(`           ${paint(options, color, failing.message)}`);
          lines.push(
            paint(options, "gray", `           in scenario ${failing.scenario}; see ${result.cite}`),
          );
          if (options.verbose && failing.evidence?.transcript) {
            for (const line of failing.evidence.transcript.slice(-8))
              lines.push(
                paint(
                  options,
                  "gray",
                  `             ${String(line.t).padStart(8)}ms ${line.dir.padEnd(8)} ${line.text.slice(0, 160)}`,
                ),
              );
          }
        } else if (result.verdict === "not-tested") {
          lines.push(paint(options, "gray", `           ${whyNotTested(result)}`));
        } else if (options.verbose && result.checks[0]) {
          const scenarios = new Set(result.checks.map((check) => check.scenario)).size;
          const count =
            result.checks.length > 1
              ? `${result.checks.length} checks in ${scenarios} scenarios; first: `
              : "";
          lines.push(paint(options, "gray", `           ${count}${result.checks[0].message}`));
        }
      }
    }
    if (report.properties.length > 0) {
      lines.push("", paint(options, "bold", "properties"));
      for (const property of report.properties) {
        const mark =
          property.verdict === "pass"
            ? paint(options, "green", "✓")
            : property.verdict === "fail"
              ? paint(options, "red", "✗")
              : paint(options, "yellow", "?");
        lines.push(
          `  ${mark} ${property.id} ${paint(options, "gray", `${property.runs} case(s), seed ${property.seed}`)}`,
        );
        if (property.verdict !== "pass") lines.push(`           ${property.message}`);
        if (property.counterexample !== undefined)
          lines.push(
            paint(
              options,
              "gray",
              `           counterexample: ${JSON.stringify(property.counterexample).slice(0, 400)}`,
            ),
          );
        if (property.replay) lines.push(`           replay: ${property.replay}`);
      }
    }
    lines.push("");
  }
  if (report.baseline) {
    const { file, expected, stale } = report.baseline;
    if (expected.length > 0)
      lines.push(
        paint(
          options,
          "gray",
          `baseline ${file}: ${expected.length} expected failure(s) did not fail the run`,
        ),
      );
    for (const entry of stale)
      lines.push(
        paint(options, "red", `stale baseline: ${entry.id} now passes; delete line ${entry.line} of ${file}`),
      );
  }
  if (report.repeat && report.repeat.flips.length > 0) {
    lines.push(paint(options, "bold", `Verdicts that changed between the ${report.repeat.runs} runs:`));
    for (const flip of report.repeat.flips) {
      const { head, runs } = describeFlip(flip);
      lines.push(`  ${paint(options, "red", head)}`);
      for (const run of runs) lines.push(`      ${run}`);
    }
    lines.push("");
  }
  const { pass, fail, warn, notApplicable, notTested } = report.summary;
  const counts = `${pass} pass, ${fail} fail, ${warn} warn, ${notTested} not tested${notApplicable ? `, ${notApplicable} not applicable` : ""}`;
  const seconds = (report.durationMs / 1000).toFixed(1);
  if (report.verdict === "unstable") {
    lines.push(`${paint(options, "red", "VERDICT: unstable")}: ${repeatSummary(report)} in ${seconds} s`);
    lines.push(
      paint(
        options,
        "gray",
        "  the same target got different verdicts: a CI gate on it would be a coin toss (the first run's results are shown above)",
      ),
    );
  } else if (report.verdict === "conformant")
    lines.push(`${paint(options, "green", "VERDICT: conformant")} (${counts}) in ${seconds} s`);
  else if (report.verdict === "blocked")
    lines.push(
      `${paint(options, "yellow", "VERDICT: blocked")}: ${report.blockedReason ?? "the run could not go on"} (${counts})`,
    );
  else if (report.verdict === "incomplete") {
    lines.push(
      `${paint(options, "yellow", `VERDICT: ${verdictLine(report).toLowerCase()}`)} in ${seconds} s`,
    );
    for (const result of untestedMusts(report))
      lines.push(paint(options, "yellow", `  not tested: ${result.id}: ${whyNotTested(result)}`));
    lines.push(
      paint(
        options,
        "gray",
        "  an incomplete run exits 1; to gate CI on the rest, list these in a baseline (--write-baseline)",
      ),
    );
  } else lines.push(`${paint(options, "red", "VERDICT: not conformant")} (${counts}) in ${seconds} s`);
  return `${lines.join("\n")}\n`;
}
