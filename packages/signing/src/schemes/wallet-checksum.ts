// Wallet token request checksum: HMAC-SHA256 over the single-quoted request values, concatenated.
import { RECIPES } from "../generated/recipes.js";
import { compileJoined, type SignResult, signJoined, verifyJoined } from "../joined.js";
import type { SchemeFields } from "../scheme-types.js";

/** Scheme id. */
export const id = "wallet-checksum";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
/** The recipe, precompiled once. */
export const plan = compileJoined(recipe);

/** Fields read by the wallet-checksum recipe. */
export type WalletChecksumFields = SchemeFields<typeof id>;

/**
 * Computes the wallet request checksum: HMAC-SHA256 (key = signing secret) over 'amount''cell''merchantname''mid''msgcode''otp''tokentype',
 * plus 'aggregatedMerchantId' for aggregators. Every field must be present and non-empty.
 *
 * @example
 * const { digest } = sign(
 *   { amount: "10.00", cell: "9876543210", merchantname: "Acme", mid: "M123", msgcode: "504", otp: "123456", tokentype: 1 },
 *   process.env.PGI_SIGNING_SECRET!,
 * );
 */
export function sign(fields: WalletChecksumFields, secret: string): SignResult {
  return signJoined(plan, fields, secret);
}

/**
 * Checks a received `checksum` against the fields in constant time. Returns false on a mismatch and throws a
 * typed error for a missing field, a missing secret, or a received value that is not a 64-character hex digest.
 *
 * @example
 * verify(requestFields, requestFields.checksum, secret) // => true
 */
export function verify(
  fields: WalletChecksumFields,
  received: string | null | undefined,
  secret: string,
): boolean {
  return verifyJoined(plan, fields, received, secret);
}
