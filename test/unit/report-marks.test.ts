/**
 * The reports' marks are plain symbols, never emoji (an emoji is an empty box where no emoji font
 * is installed, as in headless Chromium on Debian), and the matrix shows each run verdict in its
 * own colour. Rendered from hand-built reports, one requirement per verdict.
 */
import { describe, expect, it } from "vitest";
import type { ConformanceReport, RequirementResult } from "../../kit/report/report-types.js";
import { renderHtml } from "../../reports/html.js";
import { HTML_STYLE } from "../../reports/html-page.js";
import { renderMarkdown } from "../../reports/markdown.js";
import { renderMatrixHtml, renderMatrixMarkdown } from "../../reports/matrix.js";

const EMOJI = /\p{Extended_Pictographic}|\uFE0F/u;

function requirement(id: string, verdict: RequirementResult["verdict"]): RequirementResult {
  const check = verdict === "warn" ? "fail" : verdict;
  return {
    id: `agent.framing.${id}`,
    title: `the ${id} requirement`,
    area: "framing",
    level: verdict === "warn" ? "should" : "must",
    side: "agent",
    cite: "docs/protocol/v1/transports.mdx#stdio",
    verdict,
    ...(verdict === "not-tested" ? { unlock: "--prompt <text>" } : {}),
    checks: [
      { scenario: "agent.framing.some-scenario", verdict: check, message: `${id} happened`, durationMs: 1 },
    ],
  };
}

function report(name: string, verdict: ConformanceReport["verdict"]): ConformanceReport {
  const verdicts: RequirementResult["verdict"][] = ["pass", "fail", "warn", "not-tested", "not-applicable"];
  return {
    reportVersion: 1,
    tool: { name: "acp-conformance", version: "0.0.0" },
    mode: "agent",
    protocol: { name: "acp", version: 1, schema: "test" },
    target: { command: "node", args: [`${name}.js`], info: { name, version: "1.0.0" } },
    seed: 1,
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1000,
    verdict,
    ...(verdict === "blocked" ? { blockedReason: "the agent requires authentication" } : {}),
    summary: { pass: 1, fail: 1, warn: 1, notApplicable: 1, notTested: 1 },
    requirements: verdicts.map((each) => requirement(each, each)),
    properties: [],
    scenarios: [],
    environment: { node: "v20", platform: "linux" },
  };
}

const REPORTS = [
  report("one", "conformant"),
  report("two", "not-conformant"),
  report("three", "incomplete"),
  report("four", "blocked"),
];

describe("report marks", () => {
  it("the matrix, in Markdown and HTML, and the single-run reports use no emoji", () => {
    for (const text of [
      renderMatrixMarkdown(REPORTS),
      renderMatrixHtml(REPORTS),
      renderMarkdown(REPORTS[1]!),
      renderHtml(REPORTS[1]!),
    ])
      expect(text).not.toMatch(EMOJI);
  });

  it("the Markdown marks say their verdict in words, with a legend", () => {
    const markdown = renderMatrixMarkdown(REPORTS);
    expect(markdown).toContain("| `agent.framing.fail` | must | ✗ FAIL | ✗ FAIL | ✗ FAIL | ✗ FAIL |");
    for (const mark of ["✓ pass", "! warn", "? not tested", "– n/a"])
      expect(markdown).toContain(`| ${mark} |`);
    expect(markdown).toContain("✓ pass · ✗ fail · ! warn (SHOULD) · ? not tested · – not applicable");
    expect(renderMarkdown(REPORTS[1]!)).toContain("#### ! warn `agent.framing.warn` (should)");
  });

  it("the matrix's verdict row gives each run verdict its own colour", () => {
    const html = renderMatrixHtml(REPORTS);
    for (const verdict of ["conformant", "not-conformant", "incomplete", "blocked"])
      expect(html).toContain(`<span class="badge ${verdict}">${verdict}</span>`);
    const colours = ["conformant", "not-conformant", "incomplete", "blocked"].map((verdict) =>
      HTML_STYLE.match(new RegExp(`^\\.${verdict}\\{background:(#[0-9a-f]{6});color:(#[0-9a-f]{6})`, "m"))
        ?.slice(1, 3)
        .join(),
    );
    expect(colours.every((colour) => colour !== undefined)).toBe(true);
    expect(new Set(colours).size).toBe(4);
  });

  it("the HTML report shows what would test a not-tested requirement on a line of its own", () => {
    const html = renderHtml(REPORTS[2]!);
    expect(html).toContain(
      '<span class="hint">to test it: <code><span class="nw">--prompt</span> <span class="nw">&lt;text&gt;</span></code></span>',
    );
  });
});
