import { sign } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import { checkHash } from "./hash-check.js";

const SALT = "pgi-test-salt";
const fields = { key: "Jx7Kq2", txnid: "T1", amount: "1.00", authentication_info: '{"referenceId":"r"}' };
const good = sign("mandate-authorization", fields as never, SALT).digest;

describe("checkHash", () => {
  it.each<[string, Record<string, string>, RegExp | undefined]>([
    ["the right hash", { ...fields, hash: good }, undefined],
    ["the right hash in uppercase", { ...fields, hash: good.toUpperCase() }, undefined],
    [
      "a hash over another amount",
      { ...fields, amount: "2.00", hash: good },
      /pre-image Jx7Kq2\|T1\|2\.00\|/,
    ],
    ["no hash at all", fields, /body\.hash: does not match recipe mandate-authorization/],
    ["a hash of the wrong length", { ...fields, hash: "abc" }, /<SALT>/],
  ])("%s", (_name, given, hint) => {
    const result = checkHash("mandate-authorization", given, "hash", SALT);
    expect(result.ok).toBe(hint === undefined);
    if (!result.ok && hint) {
      expect(result.hint).toMatch(hint);
      expect(result.hint).not.toContain(SALT);
      expect(result.hint).not.toContain(sign("mandate-authorization", given as never, SALT).digest);
    }
  });

  it("names what the wrong digest matches when the signing library recognises the mistake", () => {
    // A salt-less pre-image is a mistake explain() may recognise; whether or not it does, the hint stays masked.
    const result = checkHash("mandate-authorization", { ...fields, hash: "0".repeat(128) }, "hash", SALT);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.hint.split(" | ")[0]).toBe(
        "body.hash: does not match recipe mandate-authorization: sha512(key|txnid|amount|authentication_info|<SALT>)",
      );
  });

  it("masks the values of the named fields in the pre-image (a wallet OTP)", () => {
    const wallet = {
      amount: "5000",
      cell: "9876543210",
      merchantname: "Shop",
      mid: "M1",
      msgcode: "501",
      otp: "482913",
      tokentype: "1",
    };
    const result = checkHash(
      "wallet-checksum",
      { ...wallet, checksum: "0".repeat(64) },
      "checksum",
      "wallet-secret",
      ["otp"],
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.hint).toContain("pre-image '5000''9876543210''Shop''M1''501''<otp>''1'");
      expect(result.hint).not.toContain("482913");
      expect(result.hint).not.toContain("wallet-secret");
    }
  });
});
