/** The assertions every mode's fixture test makes on a run of the real CLI. */
import { expect } from "vitest";
import type { ConformanceReport } from "../../kit/report/report-types.js";
import { findRequirement, type RequirementId } from "../../kit/requirements/index.js";
import { failingIds, type CliRun } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

export interface FixtureExpectation {
  breaks: readonly RequirementId[];
  /** When the verdict is not what the failing set alone implies (an untested MUST, or a run blocked on credentials). */
  verdict?: "incomplete" | "blocked";
}

/**
 * A clean run with a valid report that names exactly the requirements the fixture breaks;
 * returns the verdict those failures imply (the fixture's own, or not-conformant when a must
 * fails), or undefined when nothing more is implied.
 */
function expectFailingExactly(
  run: CliRun,
  fixture: FixtureExpectation,
): ConformanceReport["verdict"] | undefined {
  const expected = [...fixture.breaks].sort();
  expect(run.stderr).toBe("");
  expect(run.report, run.stdout).toBeDefined();
  expect(reportSchemaErrors(run.report!)).toBe("");
  expect(failingIds(run.report!), run.stdout).toEqual(expected);
  if (fixture.verdict !== undefined) return fixture.verdict;
  return expected.some((id) => findRequirement(id)!.level === "must") ? "not-conformant" : undefined;
}

/** The report names exactly the requirements the fixture breaks, and the verdict and exit code follow. */
export function expectExactlyBroken(run: CliRun, fixture: FixtureExpectation): void {
  const verdict = expectFailingExactly(run, fixture) ?? "conformant";
  expect(run.report!.verdict).toBe(verdict);
  expect(run.exitCode).toBe(verdict === "conformant" ? 0 : 1);
}

/**
 * A bundled reference peer passes every requirement of its mode, but for those `notApplicable`
 * names: what its own offers make not applicable (and which must then be exactly that).
 */
export function expectAllPass(run: CliRun, notApplicable: readonly RequirementId[] = []): void {
  expect(run.stderr).toBe("");
  expect(run.exitCode, run.stdout).toBe(0);
  expect(reportSchemaErrors(run.report)).toBe("");
  expect(
    run.report!.requirements.filter((result) => result.verdict !== "pass").map((result) => result.id),
  ).toEqual([...notApplicable]);
  for (const id of notApplicable)
    expect(run.report!.requirements.find((result) => result.id === id)?.verdict).toBe("not-applicable");
}

/** The reference client advertises fs and terminal, so the checks that it refuses them unadvertised do not apply. */
export const REFERENCE_CLIENT_NOT_APPLICABLE: readonly RequirementId[] = [
  "client.capabilities.refuses-unadvertised-fs",
  "client.capabilities.refuses-unadvertised-terminal",
];

/**
 * A property-only run against a fixture its property exists for: the property fails with its
 * requirement as the only failing one, a shrunk counterexample, and a printed replay command.
 */
export function expectPropertyFinds(
  run: CliRun,
  fixture: { property: string; breaks: readonly string[] },
  seed: string,
): void {
  expect(run.stderr).toBe("");
  const report = run.report!;
  expect(report, run.stderr).toBeDefined();
  expect(report.properties, run.stdout).toHaveLength(1);
  const [property] = report.properties;
  expect(property).toMatchObject({
    id: fixture.property,
    verdict: "fail",
    seed: Number(seed),
    requirement: fixture.breaks[0],
  });
  expect(property!.runs).toBeGreaterThan(0);
  expect(property!.counterexample).toBeDefined();
  expect(property!.replay).toContain(`--seed ${seed} --replay ${property!.path}`);
  expect(
    report.requirements.filter((result) => result.verdict === "fail").map((result) => result.id),
  ).toEqual([...fixture.breaks]);
  expect(run.stdout).toContain(`replay: ${property!.replay}`);
  expect(run.exitCode).toBe(1);
}

/**
 * `npm test`'s run of a fixture through the preflight and a cover of its touch map's scenarios:
 * the report names exactly the requirements it breaks there too. The verdict follows where a
 * must fails or the run is blocked; otherwise the requirements of the scenarios left out are
 * not tested, so the run can be no better than incomplete.
 */
export function expectExactlyBrokenWhereTouched(run: CliRun, fixture: FixtureExpectation): void {
  const implied = expectFailingExactly(run, fixture);
  expect(run.report!.verdict).toBe(
    implied === "blocked" || implied === "not-conformant" ? implied : "incomplete",
  );
  expect(run.exitCode).toBe(1);
}

/** Every failure comes with a message that says what happened and, where asked, the evidence of what was seen. */
export function expectFailuresExplained(run: CliRun, withEvidence: boolean): void {
  for (const result of run.report!.requirements.filter(
    (entry) => entry.verdict === "fail" || entry.verdict === "warn",
  )) {
    const failing = result.checks.find((check) => check.verdict === "fail")!;
    expect(failing.message.length, result.id).toBeGreaterThan(10);
    if (withEvidence) expect(failing.evidence ?? {}, `${result.id} has no evidence`).not.toEqual({});
  }
}

/** Every property of the run held over exactly `runs` cases, and the terminal says so with the seed. */
export function expectPropertiesHeld(run: CliRun, properties: readonly string[], runs: number): void {
  const report = run.report!;
  expect(
    report.properties.map(({ id, verdict, runs }) => ({ id, verdict, runs })),
    run.stdout,
  ).toEqual(properties.map((id) => ({ id, verdict: "pass", runs })));
  for (const id of properties) expect(run.stdout).toContain(`${id} ${runs} case(s), seed ${report.seed}`);
}
