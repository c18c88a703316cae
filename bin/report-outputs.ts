/**
 * Where a finished report goes besides the terminal: the files the user asked for, GitHub
 * Actions' step summary and annotations, and a fresh baseline. Also the `report` command,
 * which renders saved JSON reports (several of them make a compatibility matrix).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { UsageError } from "../kit/errors.js";
import { formatBaseline } from "../kit/baseline-file.js";
import { renderHtml } from "../reports/html.js";
import { renderJunit } from "../reports/junit.js";
import { renderMarkdown } from "../reports/markdown.js";
import { renderMatrixHtml, renderMatrixMarkdown } from "../reports/matrix.js";
import { isGithubActions, publishToGithubActions } from "../reports/github-actions.js";
import { describeTarget } from "../reports/report-facts.js";
import { createRedactor } from "../engine/redact.js";
import type { ConformanceReport } from "../kit/report/report-types.js";

export interface ReportPaths {
  json?: string;
  markdown?: string;
  html?: string;
  junit?: string;
  writeBaseline?: string;
}

function writeOutput(path: string, text: string, what: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(
      `cannot write the ${what} to ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; check that its directory exists`,
    );
  }
}

export function writeReportOutputs(
  report: ConformanceReport,
  paths: ReportPaths,
  write: (text: string) => void,
): void {
  if (paths.json) writeOutput(paths.json, `${JSON.stringify(report, null, 2)}\n`, "JSON report");
  if (paths.markdown) writeOutput(paths.markdown, renderMarkdown(report), "Markdown report");
  if (paths.html) writeOutput(paths.html, renderHtml(report), "HTML report");
  if (paths.junit) writeOutput(paths.junit, renderJunit([report]), "JUnit report");
  if (paths.writeBaseline)
    writeOutput(
      paths.writeBaseline,
      formatBaseline(
        report.requirements,
        `${report.mode} mode, ${describeTarget(report)}, ${report.startedAt}`,
      ),
      "baseline",
    );
  if (isGithubActions()) publishToGithubActions(report, write);
}

function readReport(file: string): ConformanceReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(
      `${file} is not a readable JSON report (${(error as Error).message.split("\n")[0]}); write one with --report-json`,
    );
  }
  const report = parsed as Partial<ConformanceReport>;
  if (report.reportVersion !== 1 || !Array.isArray(report.requirements))
    throw new UsageError(
      `${file} is not an acp-conformance JSON report (reportVersion 1); write one with --report-json`,
    );
  // Reports are redacted when written; a hand-edited one gets the token and home-directory rules again.
  return createRedactor({}).value(report as ConformanceReport);
}

export interface ReportCommandOptions {
  files: string[];
  md?: string;
  html?: string;
  junit?: string;
}

/** Renders saved reports: one report as itself, several as a matrix (JUnit: one testsuite per report). Markdown to stdout when no output is named. */
export function reportCommand(options: ReportCommandOptions, write: (text: string) => void): number {
  const reports = options.files.map(readReport);
  const single = reports.length === 1 ? reports[0] : undefined;
  const markdown = () => (single ? renderMarkdown(single) : renderMatrixMarkdown(reports));
  if (options.md) writeOutput(options.md, markdown(), "Markdown report");
  if (options.html)
    writeOutput(options.html, single ? renderHtml(single) : renderMatrixHtml(reports), "HTML report");
  if (options.junit) writeOutput(options.junit, renderJunit(reports), "JUnit report");
  if (!options.md && !options.html && !options.junit) write(markdown());
  return 0;
}
