import { describe, expect, it } from "vitest";
import { sha512 } from "../../test/crypto.js";
import { AUTHENTICATION_INFO, authenticationInfoObject, SALT } from "../../test/fixtures.js";
import { InvalidFieldError, MissingFieldError } from "../errors.js";
import { sign, verify } from "./mandate-authorization.js";

const fields = {
  key: "JPM7Fg",
  txnid: "TXN1700000001",
  amount: "10.00",
  authentication_info: AUTHENTICATION_INFO,
};
const expected = sha512(`JPM7Fg|TXN1700000001|10.00|${AUTHENTICATION_INFO}|${SALT}`);

describe("mandate-authorization", () => {
  it("hashes key|txnid|amount|authentication_info|SALT over the exact string submitted", () => {
    expect(sign(fields, SALT).digest).toBe(expected);
    expect(sign(fields, SALT).fields).toBe(fields);
  });

  it("serialises an authentication_info object once and returns the exact string hashed", () => {
    const result = sign({ ...fields, authentication_info: authenticationInfoObject }, SALT);
    expect(result.fields.authentication_info).toBe(AUTHENTICATION_INFO);
    expect(result.digest).toBe(expected);
  });

  it("hashes a differently serialised string as is (no re-serialisation)", () => {
    const pretty = JSON.stringify(authenticationInfoObject, null, 2);
    const result = sign({ ...fields, authentication_info: pretty }, SALT);
    expect(result.digest).toBe(sha512(`JPM7Fg|TXN1700000001|10.00|${pretty}|${SALT}`));
  });

  it("verifies the received hash and rejects another salt", () => {
    expect(verify(fields, expected, SALT)).toBe(true);
    expect(verify(fields, expected, `${SALT}x`)).toBe(false);
    expect(verify({ ...fields, amount: "10.0" }, expected, SALT)).toBe(false);
  });

  it("refuses to verify a parsed authentication_info object (the bytes hashed are needed)", () => {
    expect(() =>
      verify({ ...fields, authentication_info: authenticationInfoObject }, expected, SALT),
    ).toThrow(InvalidFieldError);
  });

  it("requires a non-empty authentication_info", () => {
    expect(() => sign({ ...fields, authentication_info: "" }, SALT)).toThrow(MissingFieldError);
    const { authentication_info: _, ...rest } = fields;
    expect(() => sign(rest, SALT)).toThrow(/authentication_info/);
  });

  it("writes a numeric amount with String()", () => {
    const result = sign({ ...fields, amount: 10 }, SALT);
    expect(result.digest).toBe(sha512(`JPM7Fg|TXN1700000001|10|${AUTHENTICATION_INFO}|${SALT}`));
  });
});
