import { describe, expect, it } from "vitest";
import type { Requirement } from "../../kit/requirements/index.js";
import type { RecordedCheck } from "../../kit/scenario.js";
import { aggregateRequirements, requirementVerdict, runVerdict } from "../../engine/verdict.js";

const must: Requirement = {
  id: "agent.framing.x",
  title: "x",
  protocol: "acp",
  side: "agent",
  area: "framing",
  level: "must",
  cite: "c",
};
const should: Requirement = { ...must, id: "agent.framing.y", level: "should" };
const check = (verdict: RecordedCheck["verdict"]): RecordedCheck => ({
  requirement: "agent.framing.utf8",
  verdict,
  message: "",
  scenario: "s",
  durationMs: 0,
});

describe("verdicts", () => {
  it("any fail beats any pass; pass beats not-tested; nothing recorded is not-tested", () => {
    expect(requirementVerdict(must, [check("pass"), check("fail")], { strict: false })).toBe("fail");
    expect(requirementVerdict(must, [check("not-tested"), check("pass")], { strict: false })).toBe("pass");
    expect(requirementVerdict(must, [check("not-tested")], { strict: false })).toBe("not-tested");
    expect(requirementVerdict(must, [], { strict: false, gatedOff: new Set([must.id]) })).toBe(
      "not-applicable",
    );
  });

  it("a SHOULD failure is a warning unless --strict", () => {
    expect(requirementVerdict(should, [check("fail")], { strict: false })).toBe("warn");
    expect(requirementVerdict(should, [check("fail")], { strict: true })).toBe("fail");
  });

  it("the run is conformant only with no MUST failing or untested, and blocked says so", () => {
    const results = (verdicts: Array<[Requirement, RecordedCheck[]]>) =>
      verdicts.flatMap(([requirement, checks]) =>
        aggregateRequirements(
          [requirement],
          checks.map((entry) => ({ ...entry, requirement: requirement.id as never })),
          { strict: false },
        ),
      );
    expect(
      runVerdict(
        results([
          [must, [check("pass")]],
          [should, [check("fail")]],
        ]),
        undefined,
      ),
    ).toBe("conformant");
    expect(runVerdict(results([[must, []]]), undefined)).toBe("not-conformant");
    expect(runVerdict(results([[must, [check("pass")]]]), "needs credentials")).toBe("blocked");
  });
});
