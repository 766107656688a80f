import { describe, expect, it } from "vitest";
import { contractRules, ruleProse, signatureProse, valuePhrase, words } from "./contract-rules.js";

describe("contract rules in words", () => {
  it.each<[unknown, string]>([
    [[3, 9, 27], "`3`, `9`, `27`"],
    [[{ from: "10:00", to: "13:00" }], "from `10:00`, to `13:00`"],
    [{ field: "result.status", equals: "success" }, "`result.status` equals `success`"],
    [{ field: "result.mihpayid", nonEmpty: true }, "`result.mihpayid` is not empty"],
    [
      [{ billingCycle: "ADHOC", paymentCategory: "loan-emi" }],
      "billing cycle `ADHOC`, payment category `loan-emi`",
    ],
    [false, "no"],
  ])("%j", (value, want) => {
    expect(valuePhrase(value)).toBe(want);
  });

  it("writes keys as words", () => {
    expect(words("answerWithinSeconds")).toBe("answer within seconds");
  });

  it("writes a rule without JSON or extension names", () => {
    const text = ruleProse({
      description: "Webhooks are retried.",
      retrySchedule: [3, 9],
      duplicateKey: ["merchant_uuid", "event_name"],
      all: [{ field: "status", equals: "success" }],
    });
    expect(text).toBe(
      "**Rule.** Webhooks are retried.\n\n- retry schedule: `3`, `9`\n- duplicate key: `merchant_uuid`, `event_name`\n- all of: `status` equals `success`",
    );
  });

  it("writes a recipe from @pgi/signing's recipes", () => {
    const text = signatureProse({ id: "wallet-checksum" });
    expect(text).toMatch(/^\*\*Wallet token request checksum\*\* \(recipe `wallet-checksum`\)/);
    expect(text).toContain("HMAC-SHA256 keyed with the signing secret");
    expect(text).toContain("the `checksum` field");
    expect(text).toContain("[hash debugger](debugger.html)");
    expect(() => signatureProse({ id: "nope" })).toThrow(/nope/);
  });

  it("titles the section once and is empty without extensions", () => {
    expect(contractRules([])).toBe("");
    expect(contractRules([["x-pgi-rule", { description: "R." }]])).toBe(
      "\n\n#### Contract rules\n\n**Rule.** R.\n",
    );
  });
});
