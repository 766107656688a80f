import { defineConfig } from "vitest/config";

/** Test files that replace a module with vi.mock: they need modules of their own, loaded after the mock is set. */
const MOCKING = ["src/hosts/secret-compares.test.ts"];

const shared = {
  testTimeout: 60_000,
  // Suites start servers (the mock, Prism, redis-server, child processes) and wait until they answer; on a loaded
  // machine that can take many seconds, so hooks get the same generous bound as tests.
  hookTimeout: 120_000,
  // The fuzz test measures the heap after forced collections.
  execArgv: ["--expose-gc"],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "mock",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: MOCKING,
          // Test files share their worker's modules instead of loading the specs, Prism and ajv again per file (a
          // third of the suite's CPU time). Each file starts its own servers and restores what it stubs.
          isolate: false,
        },
      },
      { test: { ...shared, name: "mock (isolated)", include: MOCKING, isolate: true } },
    ],
  },
});
