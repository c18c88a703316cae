/**
 * Every report format from real runs of the CLI: Markdown, JUnit (checked against a strict
 * JUnit XSD with xmllint), the compatibility matrix of `acp-conformance report`, GitHub
 * Actions' step summary and annotations, and no secret in any file the kit writes.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConformanceReport } from "../../kit/report/report-types.js";
import { reportSchemaErrors } from "../support/report-schema.js";
import { ROOT, fixtureCommand, runCli } from "../support/run-cli.js";

const work = mkdtempSync(join(tmpdir(), "acp-conformance-reports-"));
const out = (name: string) => join(work, name);
const read = (name: string) => readFileSync(out(name), "utf8");

/** A run with a MUST failure that carries a transcript: split frames dropped. */
const FAILING = [
  "agent",
  "--runs",
  "0",
  "--timeout",
  "2000",
  "--only",
  "agent.framing.split-writes",
  "--only",
  "agent.initialization.version-1",
  "--",
  ...fixtureCommand({ file: "drops-split-frames" }),
];
const PASSING = [
  "agent",
  "--runs",
  "0",
  "--only",
  "agent.framing.split-writes",
  "--only",
  "agent.initialization.version-1",
  "--",
  ...fixtureCommand({ file: "conformant" }),
];

let failing: ConformanceReport;
beforeAll(async () => {
  const run = await runCli([
    ...FAILING.slice(0, 1),
    "--report-md",
    out("a.md"),
    "--junit",
    out("a.xml"),
    "--report-html",
    out("a.html"),
    ...FAILING.slice(1),
  ]);
  failing = run.report!;
  writeFileSync(out("a.json"), JSON.stringify(failing));
  const passing = await runCli(PASSING);
  writeFileSync(out("b.json"), JSON.stringify(passing.report));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("report formats", () => {
  it("Markdown: verdict, per-area table, the failure with its message, transcript and spec link", () => {
    const markdown = read("a.md");
    expect(markdown).toContain("**NOT CONFORMANT");
    expect(markdown).toMatch(/\| framing \| \d+ \| \*\*1\*\* \|/);
    expect(markdown).toContain("#### ✗ FAIL `agent.framing.accepts-split-frames` (must)");
    expect(markdown).toContain(
      failing.requirements
        .find((result) => result.id === "agent.framing.accepts-split-frames")!
        .checks.find((check) => check.verdict === "fail")!
        .message.slice(0, 30),
    );
    expect(markdown).toMatch(
      /\[docs\/protocol\/v1\/transports\.mdx#stdio\]\(https:\/\/github\.com\/agentclientprotocol\/agent-client-protocol\/blob\/[0-9a-f]{40}\/docs\/protocol\/v1\/transports\.mdx#stdio\)/,
    );
    expect(markdown).toMatch(
      /<details><summary>transcript[\s\S]*→ \{"jsonrpc":"2\.0","id":1,"method":"initialize"/,
    );
    expect(Buffer.byteLength(markdown)).toBeLessThan(1024 * 1024); // GitHub's step-summary cap
  });

  it("JUnit: one testcase per requirement, the failure as <failure>, valid against a strict JUnit XSD", () => {
    const xml = read("a.xml");
    expect(xml.match(/<testcase /g)).toHaveLength(failing.requirements.length);
    expect(xml).toMatch(
      /<testcase classname="agent\.framing" name="agent\.framing\.accepts-split-frames: [^"]*" time="[\d.]+">\s*<failure message="[^"]+" type="must">/,
    );
    expect(xml).toMatch(/<skipped message="not tested: /);
    const xmllint = spawnSync("xmllint", ["--version"]);
    if (xmllint.error) {
      console.warn(
        "xmllint is not installed (Debian: libxml2-utils); the XSD check is skipped. .ci/run installs it.",
      );
      return;
    }
    const validation = spawnSync(
      "xmllint",
      ["--noout", "--schema", join(ROOT, "test/schemas/junit.xsd"), out("a.xml")],
      { encoding: "utf8" },
    );
    expect(validation.stderr).toContain("validates");
    expect(validation.status).toBe(0);
  });

  it("`report` renders a saved report, and several reports as a matrix (Markdown, HTML, JUnit)", async () => {
    const single = await runCli(["report", out("a.json")]);
    expect(single.exitCode).toBe(0);
    expect(single.stdout).toContain("#### ✗ FAIL `agent.framing.accepts-split-frames` (must)");
    const matrix = await runCli([
      "report",
      out("a.json"),
      out("b.json"),
      "--md",
      out("m.md"),
      "--html",
      out("m.html"),
      "--junit",
      out("m.xml"),
    ]);
    expect(matrix.exitCode, matrix.stderr).toBe(0);
    const markdown = read("m.md");
    expect(markdown).toContain(
      "| requirement | level | drops-split-frames 1.0.0 (agent, ACP v1) | conformant 1.0.0 (agent, ACP v1) |",
    );
    expect(markdown).toMatch(/\| `agent\.framing\.accepts-split-frames` \| must \| ✗ FAIL \| ✓ pass \|/);
    expect(markdown.indexOf("| **framing** |")).toBeLessThan(markdown.indexOf("| **cleanup** |"));
    expect(markdown).toContain("✓ pass · ✗ fail · ! warn (SHOULD) · ? not tested · – not applicable");
    const html = read("m.html");
    expect(html).toContain('<table id="matrix">');
    // Emoji render as empty boxes where no emoji font is installed (headless Chromium on Debian).
    for (const text of [markdown, html]) expect(text).not.toMatch(/\p{Extended_Pictographic}|\uFE0F/u);
    expect(read("m.xml").match(/<testsuite /g)).toHaveLength(2);
    const broken = await runCli(["report", out("a.md")]);
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(/is not a readable JSON report/);
  });
});

describe("GitHub Actions", () => {
  it("writes the Markdown summary to $GITHUB_STEP_SUMMARY and an ::error annotation per failure", async () => {
    const summary = out("step-summary.md");
    const run = await runCli(FAILING, { env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary } });
    expect(run.exitCode).toBe(1);
    expect(read("step-summary.md")).toContain("## acp-conformance: agent mode");
    expect(run.stdout).toMatch(
      /^::error title=acp-conformance agent\.framing\.accepts-split-frames::a frame that arrives in many small writes/m,
    );
    expect(run.stdout.match(/^::error /gm)).toHaveLength(1);
  });
});

describe("no secrets in reports", () => {
  it("redacts --env values, token-shaped strings and the home directory from every file the kit writes", async () => {
    const home = mkdtempSync(join(tmpdir(), "acp-conformance-home-"));
    const dir = mkdtempSync(join(tmpdir(), "acp-conformance-secret-reports-"));
    try {
      const secret = "hunter2-planted-secret-value";
      const files = [
        "--report-json",
        join(dir, "r.json"),
        "--report-md",
        join(dir, "r.md"),
        "--report-html",
        join(dir, "r.html"),
        "--junit",
        join(dir, "r.xml"),
        "--write-baseline",
        join(dir, "baseline.yaml"),
      ];
      const run = await runCli(
        [
          "agent",
          ...files,
          "--runs",
          "0",
          "--env",
          `ACP_TEST_SECRET=${secret}`,
          "--only",
          "agent.initialization.version-1",
          "--",
          ...fixtureCommand({ file: "leaks-secrets" }),
        ],
        {
          env: { HOME: home, GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: join(dir, "summary.md") },
        },
      );
      expect(run.exitCode, run.stderr).toBe(1);
      // The leak is in the evidence, redacted.
      const json = readFileSync(join(dir, "r.json"), "utf8");
      expect(reportSchemaErrors(JSON.parse(json))).toBe("");
      expect(json).toContain("<redacted:ACP_TEST_SECRET>");
      expect(json).toContain("<redacted:token>");
      expect(json).toContain("~/.config/agent/credentials.json");
      const written = readdirSync(dir);
      expect(written.sort()).toEqual(["baseline.yaml", "r.html", "r.json", "r.md", "r.xml", "summary.md"]);
      for (const name of written) {
        const text = readFileSync(join(dir, name), "utf8");
        for (const planted of [
          secret,
          "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx",
          "ghp_0123456789abcdefABCDEF0123456789abcd",
          home,
        ])
          expect(text, `${name} contains ${planted}`).not.toContain(planted);
      }
      for (const planted of [secret, "ghp_0123456789abcdefABCDEF0123456789abcd", home])
        expect(run.stdout).not.toContain(planted);
      // The report command applies the token and home rules to a report it did not write.
      writeFileSync(
        join(dir, "hand-made.json"),
        json.replace("<redacted:token>", "ghp_0123456789abcdefABCDEF0123456789abcd"),
      );
      const rendered = execFileSync(
        process.execPath,
        [join(ROOT, "dist/bin/acp-conformance.js"), "report", join(dir, "hand-made.json")],
        { encoding: "utf8" },
      );
      expect(rendered).not.toContain("ghp_0123456789abcdefABCDEF0123456789abcd");
    } finally {
      rmSync(home, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
