import { defineConfig } from "vitest/config";

// Suites start the docs server and Chromium in hooks and wait until they answer: bounds for a loaded machine.
export default defineConfig({
  test: { include: ["src/**/*.test.ts", "test/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
});
