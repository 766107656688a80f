// Independent digests for test vectors: node:crypto over literal pre-images, never the code under test.
import { createHash, createHmac } from "node:crypto";

/** Lowercase hex SHA-512 of a literal pre-image. */
export function sha512(preimage: string): string {
  return createHash("sha512").update(preimage).digest("hex");
}

/** Lowercase hex HMAC-SHA256 of a literal pre-image. */
export function hmac(secret: string, preimage: string): string {
  return createHmac("sha256", secret).update(preimage).digest("hex");
}
