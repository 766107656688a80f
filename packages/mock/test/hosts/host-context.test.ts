import { describe, expect, it } from "vitest";
import type { MockResponse } from "../../src/types.js";
import { answerErrors, documentedResponse, operationRule, schemaErrors } from "./host-context.js";

/** The registered-mandate example with result.mode set to a value outside its enum. */
function wrongMode(): MockResponse | undefined {
  const res = documentedResponse("authorizeMandateTransaction", 200, "registered");
  const result = (res?.body as { result?: Record<string, unknown> } | undefined)?.result;
  if (result) result.mode = "UPI";
  return res;
}

// The schema checks the behaviour tests rely on must be able to fail.
describe("test host context", () => {
  it.each<[string, string, () => MockResponse | undefined, boolean]>([
    [
      "a documented example",
      "authorizeMandateTransaction",
      () => documentedResponse("authorizeMandateTransaction", 200, "registered"),
      true,
    ],
    ["a mode outside the enum", "authorizeMandateTransaction", wrongMode, false],
    ["an undocumented status", "authorizeMandateTransaction", () => ({ status: 418, body: {} }), false],
    [
      "a complaint answer without payload",
      "checkComplaintStatus",
      () => ({ status: 200, body: { code: 200, status: "SUCCESS" } }),
      false,
    ],
    ["no answer", "checkComplaintStatus", () => undefined, false],
  ])("%s on %s", (_name, operationId, answer, valid) => {
    expect(answerErrors(operationId, answer()).length === 0).toBe(valid);
  });

  it("reads named schemas and rules from the bundles", () => {
    expect(schemaErrors("partner", "MerchantStatusWebhook", { mid: "not a number" }).length).toBeGreaterThan(
      0,
    );
    expect(operationRule("merchantStatusUpdate")).toMatchObject({ retrySchedule: [3, 9, 27, 81, 243] });
    expect(documentedResponse("cancelSmartSendLink", 200, "noSuchExample")).toBeUndefined();
  });
});
