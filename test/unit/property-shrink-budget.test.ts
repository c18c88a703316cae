/**
 * A property that finds a failure shrinks it for a few seconds at most: each shrink step is a
 * real run of the target, so an unbounded shrink made a broken target cost several times a
 * good one. The counterexample reported is still a case that really failed.
 */
import fc from "fast-check";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { PropertyResult } from "../../kit/report/report-types.js";
import { DEFAULTS, type RunOptions } from "../../kit/run-options.js";
import type { CheckInput, ScenarioContext } from "../../kit/scenario.js";
import { definePropertyScenario } from "../../scenarios/properties/property-scenario.js";

const CASE_MS = 400;

describe("shrinking a counterexample", () => {
  it("stops after its time budget with a case that really failed, and says so", async () => {
    const ran: number[][] = [];
    const property = definePropertyScenario<null, number[]>({
      id: "agent.property.always-fails-slowly",
      title: "every case fails, slowly",
      mode: "agent",
      requirements: ["agent.framing.stdout-only-jsonrpc"],
      setup: async () => null,
      // Long arrays of large numbers: fully shrinking them takes far more steps than 5 s allows.
      arbitrary: () => fc.array(fc.integer({ min: 1_000, max: 1_000_000 }), { minLength: 30, maxLength: 40 }),
      async runCase(_context, _setup, value) {
        ran.push(value);
        await delay(CASE_MS);
        return { message: `failed with ${value.length} numbers` };
      },
      describe: (_setup, value) => ({ value }),
    });
    const checks: CheckInput[] = [];
    const properties: PropertyResult[] = [];
    const options = {
      ...DEFAULTS,
      seed: 7,
      runs: 5,
      strict: false,
      prompts: {},
      cwd: process.cwd(),
      env: {},
    };
    const context: ScenarioContext = {
      scenarioId: property.id,
      mode: "agent",
      options: { ...options, areas: [], only: [], skip: [] } as unknown as RunOptions,
      target: { command: "none", args: [], bundled: false },
      signal: new AbortController().signal,
      runId: "shrink-budget-test",
      preflight: {},
      check: (input) => void checks.push(input),
      defer: () => {},
      recordProperty: (result) => void properties.push(result),
    };
    const started = performance.now();
    await property.run(context);
    const seconds = (performance.now() - started) / 1000;

    const result = properties[0]!;
    expect(result.verdict).toBe("fail");
    expect(result.message).toContain("shrinking stopped after 5 s");
    // The reported counterexample is one of the cases that ran (and so failed).
    const reported = (result.counterexample as { value: number[] }).value;
    expect(ran.some((value) => JSON.stringify(value) === JSON.stringify(reported))).toBe(true);
    // Bounded by the budget plus the case in flight, not by the shrink's length (generous for a busy machine).
    expect(seconds).toBeLessThan(30);
    expect(ran.length).toBeLessThan(200);
  }, 60_000);
});
