// UPI one-time mandate registration hash: SHA-512 over key..udf5, two empty slots and the salt.
import { RECIPES } from "../generated/recipes.js";
import { compileJoined, type SignResult, signJoined, verifyJoined } from "../joined.js";
import type { SchemeFields } from "../scheme-types.js";

/** Scheme id. */
export const id = "upi-mandate-registration";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
/** The recipe, precompiled once. */
export const plan = compileJoined(recipe);

/** Fields read by the upi-mandate-registration recipe. */
export type UpiMandateRegistrationFields = SchemeFields<typeof id>;

/**
 * Computes the UPI mandate registration hash (single SHA-512, as the interface writes it: …|udf5|||SALT).
 *
 * @example
 * const { digest } = sign(
 *   { key: "JPM7Fg", txnid: "TXN1700000001", amount: "1.00", productinfo: "UPI mandate", firstname: "Ashish", email: "" },
 *   process.env.PGI_SALT!,
 * );
 */
export function sign(fields: UpiMandateRegistrationFields, salt: string): SignResult {
  return signJoined(plan, fields, salt);
}

/**
 * Checks a received `hash` against the fields in constant time. Returns false on a mismatch and throws a
 * typed error for a missing field, a missing secret, or a received value that is not a 128-character hex digest.
 *
 * @example
 * verify(fields, fields.hash, salt) // => true
 */
export function verify(
  fields: UpiMandateRegistrationFields,
  received: string | null | undefined,
  salt: string,
): boolean {
  return verifyJoined(plan, fields, received, salt);
}
