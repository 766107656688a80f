// Number literals survive the debugger's JSON reading as the signing CLI keeps them (10.00 stays "10.00").
import { describe, expect, it } from "vitest";
import { detect } from "./detect.js";
import { numberLiterals } from "./number-literals.js";

describe("numberLiterals", () => {
  it("keeps each top-level number as written, ignoring nested objects, arrays and strings", () => {
    const text = '{"amount": 10.00, "n":-1.5e3, "s":"12.0", "o":{"amount":3.0}, "a":[1.10], "tokentype":1}';
    expect(Object.fromEntries(numberLiterals(text))).toEqual({
      amount: "10.00",
      n: "-1.5e3",
      tokentype: "1",
    });
  });

  it("reads the object at a path, with escaped quotes in strings", () => {
    const text = '{"note":"a \\"quoted\\" {x:1}","result":{"amount":1.0,"txnid":"T1"},"amount":2}';
    expect(Object.fromEntries(numberLiterals(text, ["result"]))).toEqual({ amount: "1.0" });
  });
});

describe("detect keeps number literals", () => {
  it("signs amount 10.00 written as a JSON number as the text 10.00", () => {
    const found = detect(
      '{"key":"K","txnid":"T1","amount":10.00,"productinfo":"p","firstname":"f","email":"e"}',
      "detect",
    );
    expect(found.scheme).toBe("payment-request");
    expect((found.input as Record<string, unknown>).amount).toBe("10.00");
  });

  it("does so inside a gateway answer's result object", () => {
    const found = detect('{"status":1,"result":{"status":"success","txnid":"T1","amount":1.0}}', "detect");
    expect((found.input as Record<string, unknown>).amount).toBe("1.0");
  });
});
