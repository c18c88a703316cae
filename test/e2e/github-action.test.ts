/**
 * action.yml's run step, executed the way GitHub's runner does (bash, inputs in the
 * environment): the target command and extra options are split into words without a shell
 * (nothing in them runs), reports land where the inputs say, the verdict becomes an output,
 * and the step fails with the kit's exit code.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { ROOT, fixturePath } from "../support/run-cli.js";

interface ActionFile {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Array<{ id?: string; run?: string }> };
}

describe("the GitHub Action", () => {
  it("runs the kit with the inputs, writes every report and the summary, and sets the verdict output", () => {
    const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as ActionFile;
    expect(action.runs.using).toBe("composite");
    const script = action.runs.steps.find((step) => step.id === "run")!.run!;
    const work = mkdtempSync(join(tmpdir(), "acp-conformance-action-"));
    try {
      const result = spawnSync("bash", ["-e", "-c", script], {
        cwd: work,
        encoding: "utf8",
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          GITHUB_ACTIONS: "true",
          GITHUB_ACTION_PATH: ROOT,
          GITHUB_OUTPUT: join(work, "output"),
          GITHUB_STEP_SUMMARY: join(work, "summary.md"),
          ACP_MODE: "agent",
          ACP_COMMAND: `${process.execPath} '${fixturePath("conformant")}'`,
          // The $( ) must reach the agent as text, not run.
          ACP_ARGS: `--runs 0 --only agent.initialization.version-1 --prompt "say \\"hi\\" $(touch ${join(work, "pwned")})"`,
          ACP_BASELINE: "",
          ACP_REPORT_JSON: action.inputs["report-json"]!.default!,
          ACP_REPORT_MD: action.inputs["report-md"]!.default!,
          ACP_REPORT_HTML: action.inputs["report-html"]!.default!,
          ACP_JUNIT: action.inputs.junit!.default!,
        },
      });
      // One scenario out of many: MUST requirements are untested (incomplete), so the step fails like the kit.
      expect(result.status, result.stderr).toBe(1);
      expect(existsSync(join(work, "pwned"))).toBe(false);
      const report = JSON.parse(readFileSync(join(work, "acp-conformance-report.json"), "utf8"));
      expect(report.options.prompts.prompt).toBe(`say "hi" $(touch ${join(work, "pwned")})`);
      expect(report.options.only).toEqual(["agent.initialization.version-1"]);
      for (const file of [
        "acp-conformance-report.md",
        "acp-conformance-report.html",
        "acp-conformance-junit.xml",
        "summary.md",
      ])
        expect(existsSync(join(work, file)), file).toBe(true);
      expect(readFileSync(join(work, "output"), "utf8")).toBe("verdict=incomplete\n");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
