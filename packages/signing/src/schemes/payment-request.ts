// Payment request hash (_payment): SHA-512 over key..udf10, optional si_details, and the salt.
import { RECIPES } from "../generated/recipes.js";
import { compileJoined, type SignResult, signJoined, verifyJoined } from "../joined.js";
import type { SchemeFields } from "../scheme-types.js";

/** Scheme id. */
export const id = "payment-request";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
/** The recipe, precompiled once. */
export const plan = compileJoined(recipe);

/** Fields read by the payment-request recipe. */
export type PaymentRequestFields = SchemeFields<typeof id>;

/**
 * Computes the payment request hash. Missing udfN are empty slots (udf1-udf5 only gives …|udf5||||||SALT);
 * `si_details` goes before the salt when present (an object is serialised once and returned as a string in
 * `fields.si_details`).
 *
 * @example
 * const { digest } = sign(
 *   { key: "JPM7Fg", txnid: "TXN1700000001", amount: "10.00", productinfo: "iPhone", firstname: "Ashish", email: "a@example.com" },
 *   process.env.PGI_SALT!,
 * );
 */
export function sign(fields: PaymentRequestFields, salt: string): SignResult {
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
  fields: PaymentRequestFields,
  received: string | null | undefined,
  salt: string,
): boolean {
  return verifyJoined(plan, fields, received, salt);
}
