import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    // The end-to-end tests run the real CLI against real processes; deadlines are generous
    // so that a loaded CI machine is slow, not red.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    maxConcurrency: 3,
    pool: "forks",
    globalSetup: ["test/global-leak-check.ts"],
  },
});
