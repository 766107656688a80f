// Mandate authorization hash: SHA-512 over key, txnid, amount, authentication_info and the salt.
import { RECIPES } from "../generated/recipes.js";
import { compileJoined, type SignResult, signJoined, verifyJoined } from "../joined.js";
import type { SchemeFields } from "../scheme-types.js";

/** Scheme id. */
export const id = "mandate-authorization";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
/** The recipe, precompiled once. */
export const plan = compileJoined(recipe);

/** Fields read by the mandate-authorization recipe. */
export type MandateAuthorizationFields = SchemeFields<typeof id>;

/**
 * Computes the mandate authorization hash. `authentication_info` may be the exact JSON string you submit, or an
 * object: then it is serialised once with JSON.stringify and the returned `fields.authentication_info` holds
 * that exact string, which is what you must send.
 *
 * @example
 * const { digest, fields } = sign(
 *   { key: "JPM7Fg", txnid: "TXN1700000001", amount: "10.00", authentication_info: { referenceId: "ref-1" } },
 *   process.env.PGI_SALT!,
 * );
 * // send fields.authentication_info (the string) and hash: digest
 */
export function sign(fields: MandateAuthorizationFields, salt: string): SignResult {
  return signJoined(plan, fields, salt);
}

/**
 * Checks a received `hash` against the fields in constant time. Returns false on a mismatch and throws a
 * typed error for a missing field, a missing secret, or a received value that is not a 128-character hex digest.
 *
 * @example
 * if (!verify({ key, txnid, amount, authentication_info }, body.hash, salt)) throw new Error("bad hash");
 */
export function verify(
  fields: MandateAuthorizationFields,
  received: string | null | undefined,
  salt: string,
): boolean {
  return verifyJoined(plan, fields, received, salt);
}
