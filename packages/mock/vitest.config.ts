import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    // Starting the embedded mock is quick, but loading its modules on a machine shared by several test runs is not.
    hookTimeout: 60_000,
    // The fuzz test measures the heap after forced collections.
    execArgv: ["--expose-gc"],
  },
});
