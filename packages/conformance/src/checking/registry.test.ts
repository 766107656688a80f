import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHECK_MODULES, FLOW_MODULES } from "../generated/registry.js";
import { FLOWS } from "../suite/flow-runner.js";
import { CHECKS, REQUEST_CHECKS, RESPONSE_CHECKS } from "./registry.js";

const files = (folder: string) =>
  readdirSync(new URL(`../${folder}/`, import.meta.url)).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  );

describe("the registries: one file per check and per flow", () => {
  it("lists every file of src/checks/ and src/flows/ (run pnpm build after adding one)", () => {
    expect(CHECK_MODULES).toHaveLength(files("checks").length);
    expect(FLOW_MODULES).toHaveLength(files("flows").length);
  });
  it("gives each check a unique id named after its file, and a description", () => {
    const ids = CHECK_MODULES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      files("checks")
        .map((f) => f.replace(/\.ts$/, "").replace(/-/g, "_"))
        .sort(),
    );
    for (const c of CHECK_MODULES) expect(CHECKS[c.id]).toMatch(/\w{4,}/);
  });
  it("runs response and request checks by distinct stages", () => {
    for (const list of [RESPONSE_CHECKS, REQUEST_CHECKS]) {
      const stages = list.map((c) => c.stage);
      expect(stages).toEqual([...stages].sort((a, b) => a - b));
      expect(new Set(stages).size).toBe(stages.length);
    }
    expect(RESPONSE_CHECKS.map((c) => c.id)).toEqual([
      "not_a_server_error",
      "status_code_documented",
      "response_headers",
      "content_type_documented",
      "response_schema",
      "drift",
      "response_signature",
    ]);
  });
  it("runs flows in a fixed order, each named once", () => {
    const orders = FLOWS.map((f) => f.order);
    expect(new Set(orders).size).toBe(orders.length);
    expect(new Set(FLOWS.map((f) => f.name)).size).toBe(FLOWS.length);
    expect(FLOWS[0]?.name).toBe("OTP send → verify");
  });
});
