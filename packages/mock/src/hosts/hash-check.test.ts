import { createHash, createHmac } from "node:crypto";
import { sign } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import { checkHash } from "./hash-check.js";

const SALT = "pgi-test-salt";
const fields = { key: "Jx7Kq2", txnid: "T1", amount: "1.00", authentication_info: '{"referenceId":"r"}' };
const good = sign("mandate-authorization", fields as never, SALT).digest;
const sha512 = (text: string) => createHash("sha512").update(text).digest("hex");

describe("checkHash", () => {
  it.each<[string, Record<string, string>, RegExp | undefined]>([
    ["the right hash", { ...fields, hash: good }, undefined],
    ["the right hash in uppercase", { ...fields, hash: good.toUpperCase() }, undefined],
    ["a hash over another amount", { ...fields, amount: "2.00", hash: good }, /^Jx7Kq2\|T1\|2\.00\|/],
    ["no hash at all", fields, /^Jx7Kq2\|T1\|1\.00\|/],
    ["a hash of the wrong length", { ...fields, hash: "abc" }, /<SALT>$/],
  ])("%s", (_name, given, preimage) => {
    const result = checkHash("mandate-authorization", given, "hash", SALT);
    expect(result.ok).toBe(preimage === undefined);
    if (!result.ok && preimage) {
      expect(result.hint).toMatch(/^body\.hash: does not match mandate-authorization: /);
      expect(result.preimage).toMatch(preimage);
      expect(result.headers).toEqual({
        "x-pgi-mock-hint": result.hint,
        "x-pgi-mock-preimage": result.preimage,
      });
      const expected = sign("mandate-authorization", given as never, SALT).digest;
      for (const text of [result.hint, result.preimage]) {
        expect(text).not.toContain(SALT);
        expect(text).not.toContain(expected);
      }
    }
  });

  it.each<[string, string, string]>([
    ["key and txnid swapped", `T1|Jx7Kq2|1.00|{"referenceId":"r"}|${SALT}`, "key and txnid are swapped"],
    [
      "the amount as 1",
      `Jx7Kq2|T1|1|{"referenceId":"r"}|${SALT}`,
      'amount is written as "1" instead of "1.00"',
    ],
    ["the salt left out", `Jx7Kq2|T1|1.00|{"referenceId":"r"}`, "<SALT> is left out (with its separator)"],
  ])("puts the diagnosis first, the pre-image in its own header: %s", (_name, sent, diagnosis) => {
    const result = checkHash("mandate-authorization", { ...fields, hash: sha512(sent) }, "hash", SALT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.hint).toBe(
      `body.hash: does not match mandate-authorization: the received hash is reproduced when ${diagnosis}; the pre-image the mock hashed is in x-pgi-mock-preimage`,
    );
    expect(result.hint.length).toBeLessThan(200);
    expect(result.preimage).toBe('Jx7Kq2|T1|1.00|{"referenceId":"r"}|<SALT>');
  });

  it("says how many constructions were tried when none reproduces the digest", () => {
    const result = checkHash("mandate-authorization", { ...fields, hash: "0".repeat(128) }, "hash", SALT);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.hint).toMatch(
        /^body\.hash: does not match mandate-authorization: none of the \d+ alternative constructions tried reproduces it; check the salt/,
      );
  });

  it("masks the values of the named fields (a wallet OTP) in the diagnosis and the pre-image", () => {
    const wallet = {
      amount: "5000",
      cell: "9876543210",
      merchantname: "Shop",
      mid: "M1",
      msgcode: "501",
      otp: "482913",
      tokentype: "1",
    };
    // The OTP and the amount swapped: the diagnosis names the fields, never the OTP's value.
    const sent = "'482913''9876543210''Shop''M1''501''5000''1'";
    const checksum = createHmac("sha256", "wallet-secret").update(sent).digest("hex");
    const result = checkHash("wallet-checksum", { ...wallet, checksum }, "checksum", "wallet-secret", [
      "otp",
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.hint).toMatch(
        /^body\.checksum: does not match wallet-checksum: .*amount and otp are swapped/,
      );
      expect(result.preimage).toBe("'5000''9876543210''Shop''M1''501''<otp>''1'");
      for (const text of [result.hint, result.preimage]) {
        expect(text).not.toContain("482913");
        expect(text).not.toContain("wallet-secret");
      }
    }
  });
});
