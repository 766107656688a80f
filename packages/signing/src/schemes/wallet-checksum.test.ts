import { describe, expect, it } from "vitest";
import { hmac } from "../../test/crypto.js";
import { SIGNING_SECRET, walletRequest } from "../../test/fixtures.js";
import { MalformedDigestError, MissingFieldError } from "../errors.js";
import { sign, verify } from "./wallet-checksum.js";

const quoted = "'10.00''9876543210''Acme Stores''M1234567''504''123456''1'";

describe("wallet-checksum", () => {
  it("HMACs the single-quoted values concatenated (tokentype 1 written as '1')", () => {
    expect(sign(walletRequest, SIGNING_SECRET).digest).toBe(hmac(SIGNING_SECRET, quoted));
  });

  it("appends 'aggregatedMerchantId' only when present", () => {
    const fields = { ...walletRequest, aggregatedMerchantId: "AGG77" };
    expect(sign(fields, SIGNING_SECRET).digest).toBe(hmac(SIGNING_SECRET, `${quoted}'AGG77'`));
    expect(sign({ ...walletRequest, aggregatedMerchantId: "" }, SIGNING_SECRET).digest).toBe(
      hmac(SIGNING_SECRET, quoted),
    );
  });

  it("requires every wallet field to be non-empty", () => {
    for (const field of Object.keys(walletRequest)) {
      expect(() => sign({ ...walletRequest, [field]: "" }, SIGNING_SECRET)).toThrow(MissingFieldError);
    }
  });

  it("verifies, and reports a digest of the wrong length", () => {
    const { digest } = sign(walletRequest, SIGNING_SECRET);
    expect(verify(walletRequest, digest, SIGNING_SECRET)).toBe(true);
    expect(verify({ ...walletRequest, otp: "123457" }, digest, SIGNING_SECRET)).toBe(false);
    expect(() => verify(walletRequest, digest.slice(1), SIGNING_SECRET)).toThrow(
      /expected 64 hex characters.*got 63 characters/,
    );
    expect(() => verify(walletRequest, `${digest.slice(1)}g`, SIGNING_SECRET)).toThrow(MalformedDigestError);
  });
});
