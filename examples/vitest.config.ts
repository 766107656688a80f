import { defineConfig } from "vitest/config";

// The suite starts the mock in a hook and runs each example as a child process: bounds for a loaded machine.
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
});
