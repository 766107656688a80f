import { describe, expect, it } from "vitest";
import { RuleViolationError } from "./errors.js";
import { parsePreciseJson } from "./precise-json.js";
import {
  assertAutopayExecutionAllowed,
  assertMandateFrequency,
  formatSmartSendTimestamp,
  isMandateRegistered,
  merchantStatusDuplicateKey,
} from "./rules.js";

const registered = {
  result: {
    status: "success",
    payment_source: "sist",
    IsStandingInstructionSet: "1",
    mihpayid: "403993715531234567",
  },
};

describe("domain rules from the specs", () => {
  it.each([
    [registered, true],
    [{ result: { ...registered.result, status: "failure" } }, false],
    [{ result: { ...registered.result, payment_source: "cc" } }, false],
    [{ result: { ...registered.result, IsStandingInstructionSet: "0" } }, false],
    [{ result: { ...registered.result, mihpayid: "" } }, false],
    [undefined, false],
  ])("isMandateRegistered(%j) is %s", (response, want) => expect(isMandateRegistered(response)).toBe(want));

  it.each([
    ["2026-11-23T04:29:00Z", "09:59 IST", false],
    ["2026-11-23T04:30:00Z", "10:00 IST", true],
    ["2026-11-23T07:29:00Z", "12:59 IST", true],
    ["2026-11-23T07:30:00Z", "13:00 IST", false],
    ["2026-11-23T11:30:00Z", "17:00 IST", true],
    ["2026-11-23T16:00:00Z", "21:30 IST", false],
    ["2026-07-01T05:00:00Z", "10:30 IST before the effective date", false],
  ])("autopay at %s (%s) refused: %s", (at, _label, refused) => {
    const call = () => assertAutopayExecutionAllowed(new Date(at));
    if (refused) expect(call).toThrow(RuleViolationError);
    else expect(call).not.toThrow();
  });

  it("refuses ADHOC for a loan-EMI mandate, allows MONTHLY", () => {
    expect(() => assertMandateFrequency({ billingCycle: "ADHOC", paymentCategory: "loan-emi" })).toThrow(
      /MONTHLY/,
    );
    expect(() =>
      assertMandateFrequency({ billingCycle: "MONTHLY", paymentCategory: "loan-emi" }),
    ).not.toThrow();
  });

  it("formats smart-send timestamps and builds the webhook duplicate key", () => {
    expect(formatSmartSendTimestamp(new Date(Date.UTC(2026, 7, 19, 10, 0, 49, 778)))).toBe(
      "2026-08-19T10:00:49.778+0000",
    );
    expect(
      merchantStatusDuplicateKey({
        merchant_uuid: "m",
        change_timestamp: 1754978400,
        event_name: "Document status update",
      }),
    ).toBe("m|1754978400|Document status update");
  });

  it("parses integers beyond 2^53 as exact strings, leaving safe numbers and strings alone", () => {
    expect(
      parsePreciseJson(
        '{"a":403993715531234567,"b":8000051,"c":"403993715531234567","d":-12345678901234567890,"e":1.5}',
      ),
    ).toEqual({
      a: "403993715531234567",
      b: 8000051,
      c: "403993715531234567",
      d: "-12345678901234567890",
      e: 1.5,
    });
  });
});
