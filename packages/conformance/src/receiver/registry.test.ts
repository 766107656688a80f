import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RECEIVER_CHECK_MODULES } from "../generated/registry.js";
import { RECEIVER_CHECKS, RECEIVER_RULES } from "./registry.js";

const files = readdirSync(new URL("./checks/", import.meta.url)).filter(
  (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
);

describe("the receiver checks: one file each", () => {
  it("lists every file of src/receiver/checks/ (run pnpm build after adding one)", () => {
    expect(RECEIVER_CHECK_MODULES).toHaveLength(files.length);
  });
  it("gives each a unique id named after its file, a rule, a summary and a request bound", () => {
    expect(RECEIVER_CHECKS.map((c) => c.id).sort()).toEqual(
      files.map((f) => f.replace(/\.ts$/, "").replace(/-/g, "_")).sort(),
    );
    for (const c of RECEIVER_CHECKS) {
      expect(RECEIVER_RULES[c.id as keyof typeof RECEIVER_RULES]).toMatch(/\w{4,}.{40,}/);
      expect(c.summary.length).toBeLessThan(80);
      expect(c.maxRequests).toBeGreaterThanOrEqual(0);
    }
    expect(RECEIVER_CHECKS.reduce((n, c) => n + c.maxRequests, 0)).toBeLessThanOrEqual(100);
  });
  it("runs them in a fixed order: the empty body near the end, the answer-time check last", () => {
    const orders = RECEIVER_CHECKS.map((c) => c.order);
    expect(new Set(orders).size).toBe(orders.length);
    expect(RECEIVER_CHECKS.at(-2)?.id).toBe("malformed_refused");
    expect(RECEIVER_CHECKS.at(-1)?.id).toBe("answered_within_limit");
  });
});
