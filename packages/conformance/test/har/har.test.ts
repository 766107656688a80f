import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import { validateHar } from "../../src/har/validate-har.js";
import { loadSpecSet } from "../../src/spec/spec-set.js";

const HAR = fileURLToPath(new URL("./recorded.har", import.meta.url));

describe("validate recorded traffic (HAR 1.2)", async () => {
  const result = await validateHar(loadSpecSet(), HAR, targetFromNames("test", {}));
  const byName = (n: number) => result.results.find((r) => r.name.startsWith(`entry ${n}:`));
  const failed = (n: number) =>
    byName(n)
      ?.findings.filter((f) => !f.ok)
      .map((f) => [f.check, f.pointer]);

  it("matches entries to operations by path alone when no base URL is configured", () => {
    expect(byName(1)?.operation).toBe("checkComplaintStatus");
    expect(byName(2)?.operation).toBe("createSmartSendLink");
    expect(byName(3)?.operation).toBe("generateWalletToken");
  });
  it("a conforming exchange passes", () => expect(failed(1)).toEqual([]));
  it("checks the response: a missing required field is reported with its pointer", () => {
    expect(failed(2)).toContainEqual(["response_schema", "/msg"]);
  });
  it("checks the request too: a form without cell is reported", () => {
    expect(failed(3)).toContainEqual(["request_valid", "request body /cell"]);
  });
  it("lists unmatched entries as skipped", () => {
    expect(byName(4)?.skipped).toMatch(/no operation of any host/);
    expect([result.passed, result.failed, result.skipped]).toEqual([1, 2, 1]);
  });
});
