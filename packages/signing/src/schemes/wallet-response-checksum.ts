// Wallet token response checksum: HMAC-SHA256 over the single-quoted response values, concatenated.
import { RECIPES } from "../generated/recipes.js";
import { compileJoined, type SignResult, signJoined, verifyJoined } from "../joined.js";
import type { SchemeFields } from "../scheme-types.js";

/** Scheme id. */
export const id = "wallet-response-checksum";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
/** The recipe, precompiled once. */
export const plan = compileJoined(recipe);

/** Fields read by the wallet-response-checksum recipe. */
export type WalletResponseChecksumFields = SchemeFields<typeof id>;

/**
 * Computes the wallet response checksum over 'messagecode''status''statuscode''statusdescription'.
 *
 * @example
 * const { digest } = sign({ messagecode: "505", status: "SUCCESS", statuscode: "000", statusdescription: "Token generated" }, secret);
 */
export function sign(fields: WalletResponseChecksumFields, secret: string): SignResult {
  return signJoined(plan, fields, secret);
}

/**
 * Checks a received `checksum` against the fields in constant time. Returns false on a mismatch and throws a
 * typed error for a missing field, a missing secret, or a received value that is not a 64-character hex digest.
 *
 * @example
 * if (!verify(response, response.checksum, secret)) throw new Error("wallet response checksum mismatch");
 */
export function verify(
  fields: WalletResponseChecksumFields,
  received: string | null | undefined,
  secret: string,
): boolean {
  return verifyJoined(plan, fields, received, secret);
}
