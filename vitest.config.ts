import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    // The end-to-end tests run the real CLI against real processes; deadlines are generous
    // so that a loaded CI machine is slow, not red.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    maxConcurrency: 3,
    // Vitest's default is one worker per core but one, which on a 2-core CI machine runs the
    // files one at a time; the end-to-end files spend much of their time waiting on child
    // processes, so two at once keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    pool: "forks",
    globalSetup: ["test/global-leak-check.ts"],
  },
});
