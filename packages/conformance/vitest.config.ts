import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Suites start servers (the mock, Prism, redis-server, child processes) and wait until they answer; on a loaded
    // machine that can take many seconds, so hooks get the same generous bound as tests.
    hookTimeout: 120_000,
    // Test files share their worker's modules instead of loading the specs, Prism and ajv again per file (a third of
    // the suite's CPU time). Each file starts its own servers and restores what it stubs, so nothing leaks.
    isolate: false,
  },
});
