import { defineConfig } from "vitest/config";

// The unit tests start child processes (bash, npm) and a local registry: bounds for a loaded machine.
export default defineConfig({
  test: { include: ["src/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 60_000 },
});
