/**
 * The spec trace stays honest and whole, for each profile (v1, v2): every statement is mapped
 * exactly one way, to requirements that exist and that profile reports, at a page and anchor of
 * the profile's pinned docs, with schema pointers into the profile's schema; every ACP requirement
 * of a traced side checks some statement of each profile that reports it; and docs/coverage.md
 * and docs/coverage-v2.md are what the generator writes now.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COVERAGE_DOCS, renderCoverageMarkdown, renderCoverageText } from "../../bin/spec-coverage.js";
import { type ProtocolVersion, REQUIREMENTS } from "../../kit/requirements/index.js";
import {
  percentChecked,
  SPEC_TRACE,
  type SpecStatement,
  specCoverage,
  TRACED_SIDES,
  TRACED_VERSIONS,
  traceOf,
} from "../../kit/requirements/spec-trace/index.js";
import { AcpSchema } from "../../kit/wire/schema.js";
import { traceProblems } from "./spec-trace-problems.js";

const schema = AcpSchema.load().document;
const v2Schema: unknown = JSON.parse(
  readFileSync(
    join(import.meta.dirname, "../../node_modules/@agentclientprotocol/sdk/schema/v2/schema.json"),
    "utf8",
  ),
);
const schemaOf = (version: ProtocolVersion) => (version === 1 ? schema : v2Schema);

const sample: SpecStatement = {
  id: "prompt-turn#sample",
  page: "prompt-turn",
  anchor: "cancellation",
  keyword: "MUST",
  says: "A sample statement for the test.",
  checkedBy: ["agent.cancellation.stop-reason-cancelled"],
};

describe("the spec trace", () => {
  for (const version of TRACED_VERSIONS)
    for (const side of TRACED_SIDES)
      it(`of the ${side} side, v${version}, has no problems`, () => {
        expect(traceProblems(side, traceOf(side, version), REQUIREMENTS, schemaOf(version), version)).toEqual(
          [],
        );
      });

  it("traces both sides of both profiles", () => {
    for (const version of TRACED_VERSIONS)
      for (const side of TRACED_SIDES) expect(traceOf(side, version).length).toBeGreaterThan(100);
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
      "agent.initialization.agent-info: no statement of the agent v1 trace is checked by it",
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
      "client.framing.drains-stderr: no statement of the client v1 trace is checked by it",
    ]);
  });

  it("holds the v2 trace to its own pages, schema and profile", () => {
    const v2Sample: SpecStatement<string> = {
      id: "prompt-lifecycle#sample",
      page: "prompt-lifecycle",
      anchor: "session-states",
      keyword: "MUST",
      says: "A sample statement for the test.",
      gap: "A sample gap for the test.",
    };
    const problemsOf = (statements: SpecStatement<string>[], requirements = REQUIREMENTS) =>
      traceProblems("agent", [...traceOf("agent", 2), ...statements], requirements, v2Schema, 2);
    expect(problemsOf([v2Sample])).toEqual([]);
    expect(problemsOf([{ ...v2Sample, id: "prompt-turn#sample", page: "prompt-turn" }])).toContain(
      "prompt-turn#sample: prompt-turn is not a v2 docs page",
    );
    expect(problemsOf([{ ...v2Sample, anchor: "4-check-for-completion" }])).toEqual([
      "prompt-lifecycle#sample: no #4-check-for-completion in prompt-lifecycle",
    ]);
    expect(problemsOf([{ ...v2Sample, schema: "schema/v1/schema.json#/$defs/PromptResponse" }])).toEqual([
      "prompt-lifecycle#sample: schema/v1/schema.json#/$defs/PromptResponse is not in the v2 schema",
    ]);
    expect(problemsOf([{ ...v2Sample, schema: "schema/v2/schema.json#/$defs/NoSuchDef" }])).toEqual([
      "prompt-lifecycle#sample: schema/v2/schema.json#/$defs/NoSuchDef does not resolve",
    ]);
    // A v1-only requirement cannot check a v2 statement: the v2 profile never reports it.
    expect(
      problemsOf([{ ...v2Sample, gap: undefined, checkedBy: ["agent.initialization.agent-info"] }]),
    ).toEqual([
      "prompt-lifecycle#sample: checkedBy agent.initialization.agent-info is not reported in the v2 profile",
    ]);
    // A v2 requirement must check some v2 statement, and one the v2 statements name is whole.
    const v2Requirement = {
      ...REQUIREMENTS.find((requirement) => requirement.id === "agent.initialization.agent-info")!,
      id: "agent.v2.initialization.sample",
      versions: [2] as const,
    };
    expect(problemsOf([], [...REQUIREMENTS, v2Requirement])).toEqual([
      "agent.v2.initialization.sample: no statement of the agent v2 trace is checked by it",
    ]);
    expect(
      problemsOf(
        [{ ...v2Sample, gap: undefined, checkedBy: ["agent.v2.initialization.sample" as never] }],
        [...REQUIREMENTS, v2Requirement],
      ),
    ).toEqual([]);
  });

  it("counts every statement once per page and in the total", () => {
    for (const version of TRACED_VERSIONS)
      for (const side of TRACED_SIDES) {
        const coverage = specCoverage(side, version);
        for (const row of [...coverage.pages, coverage.total])
          expect(row.checked + row.gaps + row.excluded, `${side} v${version} ${row.page}`).toBe(
            row.statements,
          );
        expect(coverage.pages.reduce((sum, row) => sum + row.statements, 0)).toBe(coverage.total.statements);
      }
    expect(specCoverage("agent").total.statements).toBe(SPEC_TRACE.agent.length);
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

  it("prints the v2 table with --protocol-version 2", () => {
    const agent = renderCoverageText("agent", true, 2);
    expect(agent).toMatch(/^Spec coverage of the agent side \(ACP v2 \(draft\) docs at /);
    expect(agent).toMatch(/^prompt-lifecycle +\d+ +\d+ +\d+ +\d+ +(\d+%|-)$/m);
    expect(agent).toMatch(
      /^ {2}migration#[a-z0-9-]+ \((MUST|MUST NOT|SHOULD|SHOULD NOT|MAY|schema|implied)\): \S/m,
    );
    expect(renderCoverageText("client", false, 2)).toMatch(/^total +\d+/m);
  });

  for (const version of TRACED_VERSIONS)
    it(`${COVERAGE_DOCS[version]} is what \`npm run coverage:docs\` writes now`, () => {
      const written = readFileSync(join(import.meta.dirname, "../..", COVERAGE_DOCS[version]), "utf8");
      expect(written, `run npm run coverage:docs and commit ${COVERAGE_DOCS[version]}`).toBe(
        renderCoverageMarkdown(version),
      );
    });
});
