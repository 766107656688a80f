import { describe, expect, it } from "vitest";
import { formula } from "./formula.js";
import { RECIPES } from "./generated/recipes.js";

describe("formula", () => {
  it("writes each recipe from its parts", () => {
    expect(formula(RECIPES["mandate-authorization"])).toBe(
      "sha512(key|txnid|amount|authentication_info|<SALT>)",
    );
    expect(formula(RECIPES["upi-mandate-registration"])).toBe(
      "sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5|||<SALT>)",
    );
    expect(formula(RECIPES["payment-request"])).toContain("|udf10[|si_details]|<SALT>)");
    expect(formula(RECIPES["payment-response"])).toMatch(
      /^sha512\(\[additionalCharges\|\]<SALT>\|status\|\|\|\|\|\|udf5\|/,
    );
    expect(formula(RECIPES["wallet-response-checksum"])).toBe(
      "hmac-sha256(<SIGNING_SECRET>, 'messagecode''status''statuscode''statusdescription')",
    );
    expect(formula(RECIPES["wallet-checksum"])).toContain("'tokentype'['aggregatedMerchantId'])");
    expect(formula(RECIPES["webhook-signature"])).toMatch(/^hmac-sha256\(<SIGNING_SECRET>, key1 value1/);
  });
});
