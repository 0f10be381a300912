import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests compile the demo network once; give them room on a 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Compile the demo snapshot once before the workers start; each worker then only loads it.
    globalSetup: ["test/global-setup.ts"],
  },
});
