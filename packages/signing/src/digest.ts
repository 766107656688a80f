// Digest primitives (SHA-512, HMAC-SHA256) and the constant-time comparison of received hex digests.
import { createHmac, hash, timingSafeEqual } from "node:crypto";
import { MalformedDigestError, MissingSignatureError } from "./errors.js";
import type { Algorithm } from "./recipe-types.js";

/** Hex length of each algorithm's digest. */
export const HEX_LENGTH: Readonly<Record<Algorithm, number>> = { sha512: 128, "hmac-sha256": 64 };

/**
 * Lowercase hex digest of `preimage`; `secret` is the HMAC key (unused for SHA-512, whose salt is in the pre-image).
 *
 * @example
 * digestHex("sha512", "k|t|10.00|salt", "") // => 128 hex characters
 */
export function digestHex(algorithm: Algorithm, preimage: string, secret: string): string {
  return algorithm === "sha512"
    ? hash("sha512", preimage, "hex")
    : createHmac("sha256", secret).update(preimage).digest("hex");
}

/**
 * Raw digest bytes of `preimage` (see {@link digestHex}).
 *
 * @example
 * digestBytes("hmac-sha256", "'a''b'", secret).length // => 32
 */
export function digestBytes(algorithm: Algorithm, preimage: string, secret: string): Buffer {
  return algorithm === "sha512"
    ? hash("sha512", preimage, "buffer")
    : createHmac("sha256", secret).update(preimage).digest();
}

/** Describes why a string is not `expected` hex characters, for the error message. */
function describeBadHex(received: string, expected: number): string {
  if (received.length !== expected) return `got ${received.length} characters`;
  for (let i = 0; i < received.length; i++) {
    const c = received.charCodeAt(i);
    const hex = (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
    if (!hex) return `got a non-hex character at position ${i + 1}`;
  }
  return "got characters that are not hex";
}

/**
 * Checks `received` is a hex digest of the algorithm's length and decodes it.
 * Throws {@link MissingSignatureError} when absent/empty and {@link MalformedDigestError} when malformed.
 *
 * @example
 * decodeReceived("ab".repeat(32), "hmac-sha256", "wallet-checksum", "checksum").length // => 32
 */
export function decodeReceived(
  received: unknown,
  algorithm: Algorithm,
  scheme: string,
  carrier: string,
): Buffer {
  if (received === undefined || received === null || received === "") {
    throw new MissingSignatureError(scheme, carrier);
  }
  const expected = HEX_LENGTH[algorithm];
  if (typeof received !== "string") {
    throw new MalformedDigestError(scheme, expected, 0, `got a ${typeof received} instead of a string`);
  }
  if (received.length !== expected) {
    throw new MalformedDigestError(scheme, expected, received.length, describeBadHex(received, expected));
  }
  const bytes = Buffer.from(received, "hex");
  if (bytes.length * 2 !== expected) {
    throw new MalformedDigestError(scheme, expected, received.length, describeBadHex(received, expected));
  }
  return bytes;
}

/**
 * Constant-time equality of two equally long byte strings (false when lengths differ).
 *
 * @example
 * constantTimeEqual(Buffer.from("ab", "hex"), Buffer.from("ab", "hex")) // => true
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
