/** The assertions every mode's fixture test makes on a run of the real CLI. */
import { expect } from "vitest";
import { findRequirement, type RequirementId } from "../../kit/requirements/index.js";
import { failingIds, type CliRun } from "./run-cli.js";
import { reportSchemaErrors } from "./report-schema.js";

export interface FixtureExpectation {
  breaks: readonly RequirementId[];
  /** When the verdict is not what the failing set alone implies (an untested MUST, or a run blocked on credentials). */
  verdict?: "incomplete" | "blocked";
}

/** The report names exactly the requirements the fixture breaks, and the verdict and exit code follow. */
export function expectExactlyBroken(run: CliRun, fixture: FixtureExpectation): void {
  const expected = [...fixture.breaks].sort();
  expect(run.stderr).toBe("");
  expect(run.report, run.stdout).toBeDefined();
  const report = run.report!;
  expect(reportSchemaErrors(report)).toBe("");
  expect(failingIds(report), run.stdout).toEqual(expected);
  const mustFails = expected.some((id) => findRequirement(id)!.level === "must");
  const verdict = fixture.verdict ?? (mustFails ? "not-conformant" : "conformant");
  expect(report.verdict).toBe(verdict);
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
