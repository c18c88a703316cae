import { defineConfig } from "vitest/config";

/**
 * `npm run test:corpus`: every fixture through its mode's whole suite, holding each to its
 * exact failing set and to the touch map `npm test` reads (test/corpus/corpus-runs.ts).
 */
export default defineConfig({
  test: {
    include: ["test/corpus/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // As in vitest.config.ts: the runs mostly wait, so more of them at once than cores.
    maxWorkers: 2,
    maxConcurrency: 4,
    pool: "forks",
    globalSetup: ["test/global-leak-check.ts"],
  },
});
