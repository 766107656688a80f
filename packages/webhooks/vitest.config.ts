import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Suites start servers (the mock, Prism, redis-server, child processes) and wait until they answer; on a loaded
    // machine that can take many seconds, so hooks get the same generous bound as tests.
    hookTimeout: 120_000,
  },
});
