import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    // The fuzz test measures the heap after forced collections.
    execArgv: ["--expose-gc"],
  },
});
