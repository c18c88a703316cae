import { defineConfig } from "vitest/config";

/**
 * `npm test`: the unit tests, the end-to-end tests, and every fixture through the preflight and
 * the scenarios that fail it (test/e2e/fixture-runs.ts). The whole fixture corpus is
 * vitest.corpus.config.ts (`npm run test:corpus`).
 */
export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts", "test/e2e/**/*.test.ts", "examples/**/*.test.ts"],
    // The end-to-end tests run the real CLI against real processes; deadlines are generous
    // so that a loaded CI machine is slow, not red.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Most of npm test's kit runs are short and many wait out a deadline: two files at a time,
    // three runs each, keep two cores busy without crowding them (a kit run's CPU is mostly its
    // targets' Node processes starting; crowded, each costs more and deadlines start to slip).
    maxWorkers: 2,
    maxConcurrency: 3,
    pool: "forks",
    globalSetup: ["test/global-lean-node-starts.ts", "test/global-leak-check.ts"],
  },
});
