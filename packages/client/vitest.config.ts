import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    typecheck: { include: ["src/**/*.test-d.ts"] },
    testTimeout: 30_000,
    // The local-server suite starts a node:http server in a hook; a loaded machine can make that slow.
    hookTimeout: 60_000,
  },
});
