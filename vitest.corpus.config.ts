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
    // A whole-suite run keeps a core busy most of its time (its targets' Node processes
    // starting), so four at a time is all two cores take: at six, the same runs cost 15% more
    // CPU and took longer, and at eight a flooding agent missed a 30 s start-up deadline.
    maxWorkers: 2,
    maxConcurrency: 2,
    pool: "forks",
    globalSetup: ["test/global-lean-node-starts.ts", "test/global-leak-check.ts"],
  },
});
