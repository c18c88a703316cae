import { describe, expect, it } from "vitest";
import { createRunOutcome, type RunOutcome } from "../../engine/runner.js";
import { judgeRun, reportedRequirements } from "../../engine/judge-run.js";
import { requirementVerdict } from "../../engine/verdict.js";
import type { Baseline } from "../../kit/baseline-file.js";
import type { Requirement } from "../../kit/requirements/index.js";
import { DEFAULTS, type RunPlan } from "../../kit/run-options.js";
import type { RecordedCheck } from "../../kit/scenario.js";

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
const check = (verdict: RecordedCheck["verdict"], requirement = must.id, scenario = "s"): RecordedCheck => ({
  requirement: requirement as RecordedCheck["requirement"],
  verdict,
  message: "",
  scenario,
  durationMs: 0,
});

function plan(options: { strict?: boolean; baseline?: Baseline } = {}): RunPlan {
  return {
    mode: "agent",
    target: { command: "agent", args: [], bundled: false },
    options: {
      ...DEFAULTS,
      transports: [...DEFAULTS.transports],
      seed: 1,
      strict: options.strict ?? false,
      prompts: {},
      cwd: "/",
      env: {},
      areas: [],
      only: [],
      skip: [],
      ...(options.baseline ? { baseline: options.baseline } : {}),
    },
  };
}

function outcome(checks: RecordedCheck[], scenarios = ["s"]): RunOutcome {
  const result = createRunOutcome("run");
  result.checks.push(...checks);
  for (const id of scenarios) result.scenarios.push({ id, title: id, status: "completed", durationMs: 0 });
  return result;
}

const baseline = (...ids: string[]): Baseline => ({
  file: "b.yaml",
  entries: ids.map((id, index) => ({ id, line: index + 3 })),
});

describe("requirement verdicts", () => {
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
});

describe("judgeRun", () => {
  const requirements = [must, should];

  it("is conformant only with no MUST failing or untested; a SHOULD failure warns unless --strict", () => {
    const passing = outcome([check("pass"), check("fail", should.id)]);
    expect(judgeRun({ plan: plan(), outcome: passing, requirements }).verdict).toBe("conformant");
    expect(judgeRun({ plan: plan({ strict: true }), outcome: passing, requirements }).verdict).toBe(
      "not-conformant",
    );
    expect(judgeRun({ plan: plan(), outcome: outcome([]), requirements }).verdict).toBe("incomplete");
    const judged = judgeRun({ plan: plan(), outcome: outcome([check("fail")]), requirements });
    expect(judged.verdict).toBe("not-conformant");
    expect(judged.summary).toEqual({ pass: 0, fail: 1, warn: 0, notApplicable: 0, notTested: 1 });
  });

  it("a run with nothing failed but a MUST untested is incomplete, and says what unlocks it", () => {
    const untested = outcome([
      { ...check("not-tested"), unlock: "--prompt <text>" },
      check("pass", should.id),
    ]);
    const judged = judgeRun({ plan: plan(), outcome: untested, requirements });
    expect(judged.verdict).toBe("incomplete");
    expect(judged.requirements.find((result) => result.id === must.id)?.unlock).toBe("--prompt <text>");
    const alsoFailing = outcome([check("not-tested"), check("fail", should.id)]);
    expect(judgeRun({ plan: plan({ strict: true }), outcome: alsoFailing, requirements }).verdict).toBe(
      "not-conformant",
    );
    const baselined = judgeRun({
      plan: plan({ baseline: baseline(must.id) }),
      outcome: untested,
      requirements,
    });
    expect(baselined.verdict).toBe("conformant");
  });

  it("a baselined failure passes the run; a stale entry fails it", () => {
    const failing = outcome([check("fail"), check("pass", should.id)]);
    const covered = judgeRun({ plan: plan({ baseline: baseline(must.id) }), outcome: failing, requirements });
    expect(covered.verdict).toBe("conformant");
    expect(covered.baseline).toEqual({ file: "b.yaml", expected: [must.id], stale: [] });
    expect(covered.requirements.find((result) => result.id === must.id)?.baselined).toBe(true);

    const fixed = outcome([check("pass"), check("pass", should.id)]);
    const stale = judgeRun({ plan: plan({ baseline: baseline(must.id) }), outcome: fixed, requirements });
    expect(stale.verdict).toBe("not-conformant");
    expect(stale.baseline?.stale).toEqual([{ id: must.id, line: 3 }]);
  });

  it("a baseline entry for a scenario covers what failed in it, and is stale once it ran clean", () => {
    const failing = outcome([check("fail", must.id, "scenario-a"), check("pass", should.id)], ["scenario-a"]);
    expect(
      judgeRun({ plan: plan({ baseline: baseline("scenario-a") }), outcome: failing, requirements }).verdict,
    ).toBe("conformant");
    const clean = outcome([check("pass", must.id, "scenario-a"), check("pass", should.id)], ["scenario-a"]);
    expect(
      judgeRun({ plan: plan({ baseline: baseline("scenario-a") }), outcome: clean, requirements }).baseline
        ?.stale,
    ).toEqual([{ id: "scenario-a", line: 3 }]);
  });

  it("a blocked scenario blocks the run and says why, whatever failed", () => {
    const blocked = outcome([check("fail")]);
    blocked.blockedReason = "needs credentials";
    expect(judgeRun({ plan: plan(), outcome: blocked, requirements })).toMatchObject({
      verdict: "blocked",
      blockedReason: "needs credentials",
    });
  });

  it("an interrupted run is blocked, and its reason counts what finished", () => {
    const judged = judgeRun({
      plan: plan(),
      outcome: outcome([check("pass"), check("pass", should.id)]),
      requirements,
      interrupted: { signal: "SIGINT", scenariosFinished: 1, scenariosTotal: 4 },
    });
    expect(judged.verdict).toBe("blocked");
    expect(judged.blockedReason).toBe("interrupted by SIGINT after 1 of 4 scenarios; this report is partial");
  });

  it("reports its mode's side; runtime mode reports the client requirements through transport acp", () => {
    expect(new Set(reportedRequirements(plan()).map((requirement) => requirement.side))).toEqual(
      new Set(["agent"]),
    );
    const runtime = { ...plan(), mode: "runtime" as const };
    expect(new Set(reportedRequirements(runtime).map((requirement) => requirement.side))).toEqual(
      new Set(["runtime", "client"]),
    );
    runtime.options = { ...runtime.options, transports: ["stdio"] };
    expect(new Set(reportedRequirements(runtime).map((requirement) => requirement.side))).toEqual(
      new Set(["runtime"]),
    );
  });
});

describe("judgeRun over --repeat runs", () => {
  const requirements = [must, should];
  const withMessage = (verdict: RecordedCheck["verdict"], message: string, requirement = must.id) => ({
    ...check(verdict, requirement),
    message,
  });

  it("is unstable when a requirement's verdict differs between runs, naming each run's deciding message", () => {
    const judged = judgeRun({
      plan: plan(),
      outcome: outcome([withMessage("pass", "answered once"), check("pass", should.id)]),
      repeatedOutcomes: [
        outcome([withMessage("fail", "answered twice"), check("pass", should.id)]),
        outcome([withMessage("pass", "answered once"), check("pass", should.id)]),
      ],
      requirements,
    });
    expect(judged.verdict).toBe("unstable");
    expect(judged.repeat).toEqual({
      runs: 3,
      verdicts: ["conformant", "not-conformant", "conformant"],
      flips: [
        {
          id: must.id,
          title: must.title,
          level: "must",
          runs: [
            { verdict: "pass", message: "answered once", scenario: "s" },
            { verdict: "fail", message: "answered twice", scenario: "s" },
            { verdict: "pass", message: "answered once", scenario: "s" },
          ],
        },
      ],
    });
  });

  it("keeps the first run's verdict when every run agrees, even when the messages differ", () => {
    const judged = judgeRun({
      plan: plan(),
      outcome: outcome([withMessage("fail", "first"), check("pass", should.id)]),
      repeatedOutcomes: [outcome([withMessage("fail", "second"), check("pass", should.id)])],
      requirements,
    });
    expect(judged.verdict).toBe("not-conformant");
    expect(judged.repeat).toEqual({ runs: 2, verdicts: ["not-conformant", "not-conformant"], flips: [] });
  });

  it("a SHOULD that warns in one run and passes in another is a flip too", () => {
    const judged = judgeRun({
      plan: plan(),
      outcome: outcome([check("pass"), withMessage("fail", "late", should.id)]),
      repeatedOutcomes: [outcome([check("pass"), check("pass", should.id)])],
      requirements,
    });
    expect(judged.verdict).toBe("unstable");
    expect(judged.repeat?.flips.map((flip) => [flip.id, flip.runs.map((run) => run.verdict)])).toEqual([
      [should.id, ["warn", "pass"]],
    ]);
    expect(judged.repeat?.flips[0]?.runs[0]?.message).toBe("late");
  });
});
