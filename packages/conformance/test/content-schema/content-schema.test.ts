// JSON carried in string fields (contentMediaType + contentSchema) is parsed and validated by the suite itself.
import { describe, expect, it } from "vitest";
import { contentBreaks } from "../../src/spec/content-schema.js";
import { loadSpecSet } from "../../src/spec/spec-set.js";

const specs = loadSpecSet();
const components = specs.docs.get("gateway")?.components as { schemas?: Record<string, unknown> } | undefined;
const AUTHORIZE = components?.schemas?.AuthorizeTransactionRequest;
const SI = {
  billingAmount: "100.00",
  billingCurrency: "INR",
  billingCycle: "MONTHLY",
  billingInterval: 1,
  paymentStartDate: "2026-09-01",
  paymentEndDate: "2027-08-31",
};
const { billingCycle: _dropped, ...withoutCycle } = SI;

describe("contentBreaks", () => {
  it.each([
    ["valid JSON matching its contentSchema", JSON.stringify(SI), []],
    [
      "a string that is not JSON",
      "{not json",
      [{ pointer: "/si_details", expected: "a JSON string (contentMediaType application/json)" }],
    ],
    [
      "JSON missing a required field",
      JSON.stringify(withoutCycle),
      [{ pointer: "/si_details (parsed) /billingCycle", expected: "contentSchema required" }],
    ],
    [
      "JSON breaking a pattern",
      JSON.stringify({ ...SI, billingAmount: "100" }),
      [{ pointer: "/si_details (parsed) /billingAmount", expected: "contentSchema pattern" }],
    ],
  ])("si_details as %s", (_name, siDetails, want) => {
    const breaks = contentBreaks(specs, "gateway", AUTHORIZE, { si: "1", si_details: siDetails });
    expect(breaks).toHaveLength(want.length);
    want.forEach((w, i) => {
      expect(breaks[i]).toMatchObject(w);
    });
  });

  it("finds the request schema in the bundle", () => expect(AUTHORIZE).toBeDefined());

  it("leaves fields without contentMediaType alone", () => {
    expect(contentBreaks(specs, "gateway", AUTHORIZE, { txnid: "{not json" })).toEqual([]);
  });

  it("compiles each contentSchema once per run", () => {
    const schema = { $ref: "#/components/schemas/SiDetails" };
    expect(specs.contentValidator("gateway", schema)).toBe(specs.contentValidator("gateway", schema));
  });
});
