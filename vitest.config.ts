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
    // A kit run mostly waits on its target's answers and deadlines: on two cores, two files
    // at a time with a few runs each keep both cores busy (vitest's default is one worker,
    // cores minus one, which left a core idle).
    maxWorkers: 2,
    maxConcurrency: 4,
    pool: "forks",
    globalSetup: ["test/global-leak-check.ts"],
  },
});
