// Constant-time comparison of secrets (bearer tokens, the OTP Authorization value) the mock checks itself.
import * as crypto from "node:crypto";

const { createHash, timingSafeEqual } = crypto;
/** crypto.hash (Node 20.12 and later): one call, no Hash object per digest. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: "buffer") => Buffer }).hash;

/** SHA-256 of a string: equal-length buffers for timingSafeEqual, whatever the inputs' lengths. */
const digest = (value: string): Buffer =>
  oneShot ? oneShot("sha256", value, "buffer") : createHash("sha256").update(value, "utf8").digest();

/**
 * True when `received` equals `expected`, compared in constant time (crypto.timingSafeEqual over the two
 * SHA-256 digests, so neither a matching prefix nor a length difference shows in the time taken).
 *
 * @example
 * secretEquals(headers.authorization ?? "", credentials.otpAuthorization); // true or false
 */
export function secretEquals(received: string, expected: string): boolean {
  return timingSafeEqual(digest(received), digest(expected));
}

const digests = new Map<string, Buffer>();

/**
 * The entry of `table` whose key equals `received`, found by comparing the digest of every key in constant
 * time (no early exit), never by a keyed lookup that compares the secret itself.
 *
 * @example
 * const grant = findSecret(credentials.tokens, bearerToken); // { scopes, expiresAt? } or undefined
 */
export function findSecret<V>(table: Readonly<Record<string, V>>, received: string): V | undefined {
  const wanted = digest(received);
  let found: V | undefined;
  const keys = Object.keys(table);
  for (const key of keys) {
    let d = digests.get(key);
    if (!d) {
      d = digest(key);
      digests.set(key, d);
    }
    if (timingSafeEqual(d, wanted) && found === undefined) found = table[key];
  }
  // Tokens come and go (accounts sign-ins): keep the digest cache about the size of the live tables.
  if (digests.size > 4 * keys.length + 64) digests.clear();
  return found;
}

/**
 * The hex SHA-256 of a secret: what a store keeps instead of a bearer token it issued (no store, log or Redis key
 * holds the token itself), and what a lookup by that token compares.
 *
 * @example
 * await state.accounts.grant(secretDigest(bearerToken), now);
 */
export function secretDigest(value: string): string {
  return digest(value).toString("hex");
}
