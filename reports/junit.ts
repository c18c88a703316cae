/**
 * JUnit XML, the format every CI system reads: one testsuite per report (per target), one
 * testcase per requirement. A failing MUST (or a SHOULD under --strict) is a <failure>; a
 * SHOULD failure without --strict passes with the warning in <system-out>; not tested, not
 * applicable and baselined failures are <skipped> with the reason.
 */
import type { ConformanceReport, RequirementResult } from "../kit/report/report-types.js";
import {
  describeFlip,
  describeTarget,
  levelLabel,
  profileLabel,
  targetLabel,
  whyNotTested,
} from "./report-facts.js";
import { citeLabel, specUrl } from "./spec-links.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry at all
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** XML 1.0 text: escaped, and without the control characters XML cannot carry at all. */
export function xmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function failureBody(result: RequirementResult): string {
  const failing = result.checks.find((check) => check.verdict === "fail");
  const lines = [`${result.title}`, `see ${specUrl(result.cite) ?? citeLabel(result.cite)}`];
  if (failing) {
    lines.push("", failing.message, `scenario: ${failing.scenario}`);
    for (const line of (failing.evidence?.transcript ?? []).slice(-16))
      lines.push(
        `${String(Math.round(line.t)).padStart(7)} ms ${line.dir.padEnd(8)} ${line.text.slice(0, 300)}`,
      );
    if (failing.evidence?.stderrTail)
      lines.push("", "stderr tail:", failing.evidence.stderrTail.slice(-2000));
  }
  return lines.join("\n");
}

function testcase(result: RequirementResult, report: ConformanceReport): string {
  const time = seconds(result.checks.reduce((sum, check) => sum + check.durationMs, 0));
  const open = `    <testcase classname="${xmlText(`${report.mode}.${result.area}`)}" name="${xmlText(`${result.id}: ${result.title}`)}" time="${time}"`;
  const firstMessage = (verdict: string) =>
    result.checks.find((check) => check.verdict === verdict)?.message ?? "";
  if (result.verdict === "fail" && !result.baselined) {
    return `${open}>\n      <failure message="${xmlText(firstMessage("fail"))}" type="${levelLabel(result)}">${xmlText(failureBody(result))}</failure>\n    </testcase>`;
  }
  if (result.verdict === "fail" || (result.verdict === "warn" && result.baselined)) {
    return `${open}>\n      <skipped message="${xmlText(`expected failure (baseline): ${firstMessage("fail")}`)}"/>\n    </testcase>`;
  }
  if (result.verdict === "warn")
    return `${open}>\n      <system-out>${xmlText(`WARNING (${levelLabel(result)}): ${failureBody(result)}`)}</system-out>\n    </testcase>`;
  if (result.verdict === "not-tested")
    return `${open}>\n      <skipped message="${xmlText(`not tested: ${whyNotTested(result)}`)}"/>\n    </testcase>`;
  if (result.verdict === "not-applicable")
    return `${open}>\n      <skipped message="not applicable: the target does not advertise this capability"/>\n    </testcase>`;
  return `${open}/>`;
}

function testsuite(report: ConformanceReport): string {
  const failures = report.requirements.filter(
    (result) => result.verdict === "fail" && !result.baselined,
  ).length;
  const skipped = report.requirements.filter(
    (result) => result.verdict === "not-tested" || result.verdict === "not-applicable" || result.baselined,
  ).length;
  const properties = [
    ["target", describeTarget(report)],
    ["verdict", report.verdict],
    ["seed", String(report.seed)],
    ["protocol", profileLabel(report)],
  ];
  const header = `  <testsuite name="${xmlText(`acp-conformance ${report.mode}: ${targetLabel(report)}`)}" tests="${report.requirements.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}" timestamp="${report.startedAt.replace(/\.\d+Z$/, "")}">`;
  const props = `    <properties>\n${properties.map(([name, value]) => `      <property name="${name}" value="${xmlText(value!)}"/>`).join("\n")}\n    </properties>`;
  return [
    header,
    props,
    ...report.requirements.map((result) => testcase(result, report)),
    "  </testsuite>",
    ...(report.repeat?.flips.length ? [flipsTestsuite(report)] : []),
  ].join("\n");
}

/** --repeat: one failing test case per requirement whose verdict changed between runs. */
function flipsTestsuite(report: ConformanceReport): string {
  const flips = report.repeat!.flips;
  const cases = flips.map((flip) => {
    const { head, runs } = describeFlip(flip);
    return `    <testcase classname="acp-conformance.repeat" name="${xmlText(flip.id)}">\n      <failure message="${xmlText(`verdict changed between runs: ${head}`)}">${xmlText(runs.join("\n"))}</failure>\n    </testcase>`;
  });
  return [
    `  <testsuite name="${xmlText(`acp-conformance ${report.mode}: ${targetLabel(report)}, verdicts over ${report.repeat!.runs} runs`)}" tests="${flips.length}" failures="${flips.length}" errors="0" skipped="0" time="0">`,
    ...cases,
    "  </testsuite>",
  ].join("\n");
}

export function renderJunit(reports: readonly ConformanceReport[]): string {
  const flips = (report: ConformanceReport) => report.repeat?.flips.length ?? 0;
  const tests = reports.reduce((sum, report) => sum + report.requirements.length + flips(report), 0);
  const failures = reports.reduce(
    (sum, report) =>
      sum +
      flips(report) +
      report.requirements.filter((result) => result.verdict === "fail" && !result.baselined).length,
    0,
  );
  const time = seconds(reports.reduce((sum, report) => sum + report.durationMs, 0));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="acp-conformance" tests="${tests}" failures="${failures}" errors="0" time="${time}">\n${reports.map(testsuite).join("\n")}\n</testsuites>\n`;
}
