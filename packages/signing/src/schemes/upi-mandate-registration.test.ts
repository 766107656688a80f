import { describe, expect, it } from "vitest";
import { sha512 } from "../../test/crypto.js";
import { SALT } from "../../test/fixtures.js";
import { sign, verify } from "./upi-mandate-registration.js";

const fields = {
  key: "JPM7Fg",
  txnid: "UPI1700000001",
  amount: "1.00",
  productinfo: "UPI mandate",
  firstname: "Ashish",
  email: "ashish@example.com",
  udf1: "u1",
  udf2: "u2",
  udf3: "",
  udf4: "",
  udf5: "u5",
};

describe("upi-mandate-registration", () => {
  it("hashes …|udf5|||SALT with a single SHA-512", () => {
    const preimage = `JPM7Fg|UPI1700000001|1.00|UPI mandate|Ashish|ashish@example.com|u1|u2|||u5|||${SALT}`;
    expect(sign(fields, SALT).digest).toBe(sha512(preimage));
    expect(sign(fields, SALT).digest).not.toBe(sha512(sha512(preimage)));
  });

  it("ignores udf6..udf10 (not part of this recipe)", () => {
    expect(sign({ ...fields, udf6: "x" }, SALT).digest).toBe(sign(fields, SALT).digest);
  });

  it("verifies", () => {
    const { digest } = sign(fields, SALT);
    expect(verify(fields, digest, SALT)).toBe(true);
    expect(verify({ ...fields, amount: "1" }, digest, SALT)).toBe(false);
  });
});
