// Payment response (reverse) hash: validates result.hash before a payment or mandate result is accepted.
import { RECIPES } from "../generated/recipes.js";
import { compileJoined, type SignResult, signJoined, verifyJoined } from "../joined.js";
import type { SchemeFields } from "../scheme-types.js";

/** Scheme id. */
export const id = "payment-response";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
/** The recipe, precompiled once. */
export const plan = compileJoined(recipe);

/** Fields read by the payment-response recipe. */
export type PaymentResponseFields = SchemeFields<typeof id>;

/**
 * Computes the reverse hash of a payment result: sha512([additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key).
 * `additionalCharges` leads only when present and non-empty.
 *
 * @example
 * const { digest } = sign({ status: "success", key: "JPM7Fg", txnid: "TXN1700000001", amount: "10.00", productinfo: "iPhone", firstname: "Ashish", email: "" }, salt);
 */
export function sign(fields: PaymentResponseFields, salt: string): SignResult {
  return signJoined(plan, fields, salt);
}

/**
 * Checks a received `hash` against the fields in constant time. Returns false on a mismatch and throws a
 * typed error for a missing field, a missing secret, or a received value that is not a 128-character hex digest.
 *
 * @example
 * if (!verify(result, result.hash, process.env.PGI_SALT!)) throw new Error("result.hash does not match; do not trust this result");
 */
export function verify(
  fields: PaymentResponseFields,
  received: string | null | undefined,
  salt: string,
): boolean {
  return verifyJoined(plan, fields, received, salt);
}

/** The recipe's optional fields, empty: what a result that does not carry them is hashed with. */
const BLANKS: Readonly<Record<string, string>> = Object.freeze({
  email: "",
  firstname: "",
  productinfo: "",
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`udf${i + 1}`, ""])),
});

/**
 * The fields the reverse hash covers for a result that does not echo every request field: the result's string
 * values, falling back to what the merchant sent (its request), and "" for what neither has (the recipe's
 * optional udf and customer fields). `hash` is never taken from the request.
 *
 * @example
 * verify(fieldsFor(data.result, sentForm), data.result.hash, salt);
 */
export function fieldsFor(
  result: Readonly<Record<string, unknown>>,
  request: Readonly<Record<string, unknown>> = {},
): PaymentResponseFields {
  const fields: Record<string, string> = { ...BLANKS };
  for (const k of Object.keys(request)) {
    const v = request[k];
    if (k !== "hash" && typeof v === "string") fields[k] = v;
  }
  for (const k of Object.keys(result)) {
    const v = result[k];
    if (typeof v === "string") fields[k] = v;
  }
  return fields as PaymentResponseFields;
}
