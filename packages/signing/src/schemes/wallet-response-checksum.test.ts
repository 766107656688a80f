import { describe, expect, it } from "vitest";
import { hmac } from "../../test/crypto.js";
import { SIGNING_SECRET, walletResponse } from "../../test/fixtures.js";
import { MissingFieldError } from "../errors.js";
import { sign, verify } from "./wallet-response-checksum.js";

describe("wallet-response-checksum", () => {
  it("HMACs 'messagecode''status''statuscode''statusdescription'", () => {
    const preimage = "'505''SUCCESS''000''Token generated successfully'";
    expect(sign(walletResponse, SIGNING_SECRET).digest).toBe(hmac(SIGNING_SECRET, preimage));
  });

  it("verifies a response checksum", () => {
    const checksum = hmac(SIGNING_SECRET, "'505''SUCCESS''000''Token generated successfully'");
    expect(verify(walletResponse, checksum, SIGNING_SECRET)).toBe(true);
    expect(verify({ ...walletResponse, status: "FAILURE" }, checksum, SIGNING_SECRET)).toBe(false);
  });

  it("names a missing field", () => {
    const { statuscode: _, ...rest } = walletResponse;
    expect(() => sign(rest, SIGNING_SECRET)).toThrow(MissingFieldError);
    expect(() => sign(rest, SIGNING_SECRET)).toThrow(/"statuscode"/);
  });
});
