import { DEFAULT_CREDENTIALS } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTS } from "../../src/config/configuration.js";
import type { RunResult } from "../../src/model/results.js";
import type { Target } from "../../src/model/target.js";
import { loadSpecSet } from "../../src/spec/spec-set.js";
import { runSuite } from "../../src/suite/runner.js";
import { startBrokenServer } from "./broken-server.js";

let result: RunResult;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startBrokenServer(DEFAULT_CREDENTIALS.webhookSecret);
  close = server.close;
  const target: Target = {
    name: "the broken server",
    urls: Object.fromEntries(HOSTS.map((h) => [h, server.url])),
    credentials: { ...DEFAULT_CREDENTIALS },
    isMock: true,
  };
  result = await runSuite(loadSpecSet(), target, { retryWaitMs: 1_000 });
});
afterAll(() => close());

/** Failed findings of the first case of an operation matching `name`. */
function failures(operation: string, name = "") {
  return result.results
    .filter((r) => r.operation.includes(operation) && r.name.includes(name))
    .flatMap((r) => r.findings.filter((f) => !f.ok && !f.warning));
}

describe("the suite against a deliberately broken server", () => {
  it.each([
    ["checkComplaintStatus", "documented parameters", "response_schema", "/payload/complaintStatus"],
    ["createSmartSendLink", "example", "response_schema", "/msg"],
    ["getSmartSendDetails", "documented parameters", "status_code_documented", undefined],
    ["authorizeMandateTransaction", "example", "response_signature", "/result/hash"],
    ["generateWalletToken", "example", "response_signature", "/checksum"],
    ["sendOtp", "example", "not_a_server_error", undefined],
    ["authorizeMandateTransaction", "is not JSON", "negative_rejected", undefined],
  ])("%s: the planted break is reported under %s", (operation, name, check, pointer) => {
    const found = failures(operation, name);
    expect(found).toContainEqual(expect.objectContaining({ check, ...(pointer ? { pointer } : {}) }));
  });

  it("an undeclared property is a drift warning, not a failure", () => {
    const cases = result.results.filter(
      (r) => r.operation === "verifySignInOtp" && r.name.startsWith("example"),
    );
    const drift = cases.flatMap((r) => r.findings.filter((f) => f.check === "drift"));
    expect(drift).toContainEqual(expect.objectContaining({ warning: true, pointer: "/surprise" }));
    expect(cases.flatMap((r) => r.findings).filter((f) => f.check === "response_schema" && !f.ok)).toEqual(
      [],
    );
  });

  it("a webhook with a bad signature that is never retried is reported under both checks", () => {
    const flow = result.results.find((r) => r.operation.startsWith("merchant status webhook"));
    const failed = flow?.findings.filter((f) => !f.ok).map((f) => f.check);
    expect(failed).toEqual(expect.arrayContaining(["webhook_signature", "webhook_retry"]));
  });

  it("the run fails as a whole", () => {
    expect(result.failed).toBeGreaterThan(0);
  });
});
