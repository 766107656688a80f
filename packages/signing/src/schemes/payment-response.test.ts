import { describe, expect, it } from "vitest";
import { sha512 } from "../../test/crypto.js";
import { paymentResponse, SALT } from "../../test/fixtures.js";
import { MissingFieldError, MissingSignatureError } from "../errors.js";
import { sign, verify } from "./payment-response.js";

const tail = "web||||order-42|ashish@example.com|Ashish|Gold plan|10.00|TXN1700000001|JPM7Fg";

describe("payment-response", () => {
  it("computes the reverse hash SALT|status||||||udf5|…|key", () => {
    expect(sign(paymentResponse, SALT).digest).toBe(sha512(`${SALT}|success||||||${tail}`));
  });

  it("puts additionalCharges| in front when present and non-empty", () => {
    const fields = { ...paymentResponse, additionalCharges: "2.50" };
    expect(sign(fields, SALT).digest).toBe(sha512(`2.50|${SALT}|success||||||${tail}`));
    expect(sign({ ...paymentResponse, additionalCharges: "" }, SALT).digest).toBe(
      sha512(`${SALT}|success||||||${tail}`),
    );
  });

  it("validates result.hash", () => {
    const result = { ...paymentResponse, hash: sha512(`${SALT}|success||||||${tail}`) };
    expect(verify(result, result.hash, SALT)).toBe(true);
    expect(verify({ ...result, status: "failure" }, result.hash, SALT)).toBe(false);
  });

  it("requires status and a received hash", () => {
    const { status: _, ...noStatus } = paymentResponse;
    expect(() => sign(noStatus, SALT)).toThrow(MissingFieldError);
    expect(() => verify(paymentResponse, undefined, SALT)).toThrow(MissingSignatureError);
  });
});

describe("fieldsFor: a result that does not echo every request field", () => {
  it("takes the result's values, then the request's, then blanks; never the request's hash", async () => {
    const { fieldsFor: build } = await import("./payment-response.js");
    const fields = build(
      { status: "success", txnid: "T1", amount: "1.00", key: "K", mihpayid: 1 as never },
      { email: "a@b.in", udf1: "o-1", hash: "x", amount: "9.99" },
    );
    expect(fields).toMatchObject({
      status: "success",
      txnid: "T1",
      amount: "1.00",
      key: "K",
      email: "a@b.in",
      udf1: "o-1",
      udf2: "",
      firstname: "",
    });
    expect((fields as Record<string, unknown>).hash).toBeUndefined();
    expect((fields as Record<string, unknown>).mihpayid).toBeUndefined();
  });
});
