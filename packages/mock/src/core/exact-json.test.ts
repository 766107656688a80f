import { describe, expect, it } from "vitest";
import { ExactInteger, exactJson } from "./exact-json.js";

describe("exactJson", () => {
  it.each(["1111312", "123456789012345678", "999999999999999999"])("writes %s exactly", (digits) => {
    const text = exactJson({ a: { payoutMerchantId: new ExactInteger(digits) }, b: "x" });
    expect(text).toBe(`{"a":{"payoutMerchantId":${digits}},"b":"x"}`);
  });
  it("refuses what is not an integer", () => {
    expect(() => new ExactInteger("1e3")).toThrow(RangeError);
  });
});
