import { describe, expect, it } from "vitest";
import { constantTimeEqual, decodeReceived, digestHex, HEX_LENGTH } from "./digest.js";
import { MalformedDigestError, MissingSignatureError } from "./errors.js";

describe("digest helpers", () => {
  it("produces lowercase hex of the algorithm's length", () => {
    expect(digestHex("sha512", "x", "")).toHaveLength(HEX_LENGTH.sha512);
    expect(digestHex("hmac-sha256", "x", "k")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("decodes upper- and lowercase hex of the right length", () => {
    expect(decodeReceived("AB".repeat(32), "hmac-sha256", "s", "checksum")).toEqual(Buffer.alloc(32, 0xab));
  });

  it("rejects missing, non-string, wrong-length and non-hex digests", () => {
    expect(() => decodeReceived(undefined, "sha512", "s", "hash")).toThrow(MissingSignatureError);
    expect(() => decodeReceived(42 as never, "sha512", "s", "hash")).toThrow(/got a number/);
    expect(() => decodeReceived("a".repeat(129), "sha512", "s", "hash")).toThrow(/got 129 characters/);
    expect(() => decodeReceived(`${"a".repeat(127)} `, "sha512", "s", "hash")).toThrow(
      /non-hex character at position 128/,
    );
    expect(() => decodeReceived("g".repeat(64), "hmac-sha256", "s", "hash")).toThrow(MalformedDigestError);
  });

  it("compares in constant time and handles different lengths", () => {
    expect(constantTimeEqual(Buffer.from([1, 2]), Buffer.from([1, 2]))).toBe(true);
    expect(constantTimeEqual(Buffer.from([1, 2]), Buffer.from([1, 3]))).toBe(false);
    expect(constantTimeEqual(Buffer.from([1]), Buffer.from([1, 2]))).toBe(false);
  });
});
