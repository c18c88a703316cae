/**
 * The spec trace stays honest and whole: every statement is mapped exactly one way, to
 * requirements that exist, at a page and anchor of the pinned docs; every ACP requirement of a
 * traced side checks some statement; and docs/coverage.md is what the generator writes now.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderCoverageMarkdown, renderCoverageText } from "../../bin/spec-coverage.js";
import { REQUIREMENTS } from "../../kit/requirements/index.js";
import {
  percentChecked,
  SPEC_TRACE,
  type SpecStatement,
  specCoverage,
  TRACED_SIDES,
} from "../../kit/requirements/spec-trace/index.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { traceProblems } from "./spec-trace-problems.js";

const schema = AcpSchema.load().document;

const sample: SpecStatement = {
  id: "prompt-turn#sample",
  page: "prompt-turn",
  anchor: "cancellation",
  keyword: "MUST",
  says: "A sample statement for the test.",
  checkedBy: ["agent.cancellation.stop-reason-cancelled"],
};

describe("the spec trace", () => {
  for (const side of TRACED_SIDES)
    it(`of the ${side} side has no problems`, () => {
      expect(traceProblems(side, SPEC_TRACE[side], REQUIREMENTS, schema)).toEqual([]);
    });

  it("traces both sides", () => {
    expect(SPEC_TRACE.agent.length).toBeGreaterThan(100);
    expect(SPEC_TRACE.client.length).toBeGreaterThan(100);
  });

  it("reports each kind of broken entry", () => {
    const agentRequirements = REQUIREMENTS.filter((requirement) => requirement.side === "agent");
    const problemsOf = (statements: SpecStatement[]) =>
      traceProblems("agent", [...SPEC_TRACE.agent, ...statements], agentRequirements, schema);
    expect(problemsOf([{ ...sample, checkedBy: undefined }])).toEqual([
      "prompt-turn#sample: needs exactly one of checkedBy, gap, excluded (has none)",
    ]);
    expect(problemsOf([{ ...sample, gap: "also a gap, which is a second kind" }])).toEqual([
      "prompt-turn#sample: needs exactly one of checkedBy, gap, excluded (has checked, gap)",
    ]);
    expect(problemsOf([{ ...sample, checkedBy: ["agent.nothing.registered" as never] }])).toEqual([
      "prompt-turn#sample: checkedBy agent.nothing.registered is not a registered requirement",
    ]);
    expect(problemsOf([{ ...sample, page: "nowhere" as never }])).toContain(
      "prompt-turn#sample: nowhere is not a v1 docs page",
    );
    expect(problemsOf([{ ...sample, anchor: "no-such-heading" }])).toEqual([
      "prompt-turn#sample: no #no-such-heading in prompt-turn",
    ]);
    expect(problemsOf([{ ...sample, schema: "schema/v1/schema.json#/$defs/NoSuchDef" }])).toEqual([
      "prompt-turn#sample: schema/v1/schema.json#/$defs/NoSuchDef does not resolve",
    ]);
    expect(problemsOf([sample, sample])).toEqual(["prompt-turn#sample: the id is used twice"]);
    const uncited = SPEC_TRACE.agent.filter(
      (statement) => !statement.checkedBy?.includes("agent.initialization.agent-info"),
    );
    expect(traceProblems("agent", uncited, agentRequirements, schema)).toEqual([
      "agent.initialization.agent-info: no statement of the agent trace is checked by it",
    ]);
  });

  it("reports the same broken entries on the client side", () => {
    const clientRequirements = REQUIREMENTS.filter((requirement) => requirement.side === "client");
    const clientSample: SpecStatement = {
      ...sample,
      id: "prompt-turn#client-sample",
      checkedBy: ["client.permission.cancelled-on-cancel"],
    };
    const problemsOf = (statements: SpecStatement[]) =>
      traceProblems("client", [...SPEC_TRACE.client, ...statements], clientRequirements, schema);
    expect(problemsOf([clientSample])).toEqual([]);
    expect(problemsOf([{ ...clientSample, checkedBy: undefined }])).toEqual([
      "prompt-turn#client-sample: needs exactly one of checkedBy, gap, excluded (has none)",
    ]);
    expect(
      problemsOf([
        { ...clientSample, excluded: { reason: "ui-only", why: "also excluded, which is a second kind" } },
      ]),
    ).toEqual([
      "prompt-turn#client-sample: needs exactly one of checkedBy, gap, excluded (has checked, excluded)",
    ]);
    expect(problemsOf([{ ...clientSample, checkedBy: ["client.nothing.registered" as never] }])).toEqual([
      "prompt-turn#client-sample: checkedBy client.nothing.registered is not a registered requirement",
    ]);
    expect(
      traceProblems(
        "client",
        [...SPEC_TRACE.client, { ...clientSample, checkedBy: ["agent.cancellation.stop-reason-cancelled"] }],
        REQUIREMENTS,
        schema,
      ),
    ).toEqual([
      "prompt-turn#client-sample: checkedBy agent.cancellation.stop-reason-cancelled is not an ACP client requirement",
    ]);
    expect(problemsOf([{ ...clientSample, page: "nowhere" as never }])).toContain(
      "prompt-turn#client-sample: nowhere is not a v1 docs page",
    );
    expect(problemsOf([{ ...clientSample, anchor: "no-such-heading" }])).toEqual([
      "prompt-turn#client-sample: no #no-such-heading in prompt-turn",
    ]);
    const uncited = SPEC_TRACE.client.filter(
      (statement) => !statement.checkedBy?.includes("client.framing.drains-stderr"),
    );
    expect(traceProblems("client", uncited, clientRequirements, schema)).toEqual([
      "client.framing.drains-stderr: no statement of the client trace is checked by it",
    ]);
  });

  it("counts every statement once per page and in the total", () => {
    for (const side of TRACED_SIDES) {
      const coverage = specCoverage(side);
      for (const row of [...coverage.pages, coverage.total])
        expect(row.checked + row.gaps + row.excluded, `${side} ${row.page}`).toBe(row.statements);
      expect(coverage.pages.reduce((sum, row) => sum + row.statements, 0)).toBe(coverage.total.statements);
    }
    expect(percentChecked({ page: "total", statements: 4, checked: 1, gaps: 2, excluded: 1 })).toBe(33);
    expect(
      percentChecked({ page: "total", statements: 1, checked: 0, gaps: 0, excluded: 1 }),
    ).toBeUndefined();
  });

  it("prints a table per side, with the gaps under --verbose", () => {
    const agent = renderCoverageText("agent", false);
    expect(agent).toMatch(/^transports +\d+ +\d+ +\d+ +\d+ +(\d+%|-)$/m);
    expect(agent).toMatch(/^total +\d+/m);
    // Some gap, whichever are left: "  <page>#<slug> (<keyword>): <what a check would do>".
    expect(renderCoverageText("agent", true)).toMatch(
      /^ {2}[a-z-]+#[a-z0-9-]+ \((MUST|SHOULD|implied)\): \S/m,
    );
    const client = renderCoverageText("client", false);
    expect(client).toMatch(/^prompt-turn +\d+ +\d+ +\d+ +\d+ +(\d+%|-)$/m);
    expect(client).toMatch(/^total +\d+/m);
    expect(renderCoverageText("client", true)).toMatch(
      /^ {2}[a-z-]+#[a-z0-9-]+ \((MUST|MUST NOT|SHOULD|implied)\): \S/m,
    );
  });

  it("docs/coverage.md is what `npm run coverage:docs` writes now", () => {
    const written = readFileSync(join(import.meta.dirname, "../../docs/coverage.md"), "utf8");
    expect(written, "run npm run coverage:docs and commit docs/coverage.md").toBe(renderCoverageMarkdown());
  });
});
