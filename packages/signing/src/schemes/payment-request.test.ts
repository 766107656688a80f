import { describe, expect, it } from "vitest";
import { sha512 } from "../../test/crypto.js";
import { paymentRequest, SALT, SI_DETAILS, siDetailsObject } from "../../test/fixtures.js";
import { MissingFieldError } from "../errors.js";
import { sign, verify } from "./payment-request.js";

const head = "JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com";

describe("payment-request", () => {
  it("leaves udf6..udf10 as empty slots when only udf1..udf5 are given (…|udf5||||||SALT)", () => {
    expect(sign(paymentRequest, SALT).digest).toBe(sha512(`${head}|order-42||||web||||||${SALT}`));
  });

  it("hashes all ten udf fields in order", () => {
    const fields = { ...paymentRequest, udf6: "6", udf7: "7", udf8: "8", udf9: "9", udf10: "10" };
    expect(sign(fields, SALT).digest).toBe(sha512(`${head}|order-42||||web|6|7|8|9|10|${SALT}`));
  });

  it("inserts si_details before the salt when present", () => {
    const fields = { ...paymentRequest, si_details: SI_DETAILS };
    expect(sign(fields, SALT).digest).toBe(sha512(`${head}|order-42||||web||||||${SI_DETAILS}|${SALT}`));
  });

  it("serialises an si_details object once and returns that string", () => {
    const result = sign({ ...paymentRequest, si_details: siDetailsObject }, SALT);
    expect(result.fields.si_details).toBe(SI_DETAILS);
    expect(result.digest).toBe(sha512(`${head}|order-42||||web||||||${SI_DETAILS}|${SALT}`));
  });

  it("leaves out an empty or null si_details", () => {
    const plain = sha512(`${head}|order-42||||web||||||${SALT}`);
    expect(sign({ ...paymentRequest, si_details: "" }, SALT).digest).toBe(plain);
    expect(sign({ ...paymentRequest, si_details: null }, SALT).digest).toBe(plain);
  });

  it("accepts empty productinfo, firstname and email but requires them to be present", () => {
    const fields = { ...paymentRequest, productinfo: "", firstname: "", email: "" };
    expect(sign(fields, SALT).digest).toBe(
      sha512(`JPM7Fg|TXN1700000001|10.00||||order-42||||web||||||${SALT}`),
    );
    const { email: _, ...noEmail } = paymentRequest;
    expect(() => sign(noEmail, SALT)).toThrow(MissingFieldError);
  });

  it("rejects an empty key, txnid or amount, naming the field", () => {
    for (const field of ["key", "txnid", "amount"]) {
      expect(() => sign({ ...paymentRequest, [field]: "" }, SALT)).toThrow(new RegExp(`"${field}" is empty`));
    }
  });

  it("verifies in constant time and fails on another udf", () => {
    const digest = sign(paymentRequest, SALT).digest;
    expect(verify(paymentRequest, digest, SALT)).toBe(true);
    expect(verify({ ...paymentRequest, udf2: "x" }, digest, SALT)).toBe(false);
  });
});
