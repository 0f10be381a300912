import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests compile the demo network once; give them room on a 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Two test files at a time even on two cores (vitest's default is cores - 1, one file at a time there): most of
    // the suite's time is spent waiting on the servers, browsers and child processes the integration tests start.
    // On the 2-core CI machine the suite took 12 to 14 minutes one file at a time, 7 two at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Compile the demo snapshot once before the workers start; each worker then only loads it.
    globalSetup: ["test/global-setup.ts"],
  },
});
