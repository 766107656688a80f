// Which recipe fields may be empty or missing, and which carry JSON inside a form field.
import type { Recipe } from "./recipe-types.js";

/** How a recipe field is checked before it enters the pre-image. */
export interface FieldPolicy {
  /** An empty string is an error (key, txnid, amount, status, every wallet field...). */
  readonly nonEmpty: boolean;
  /** Absent or null counts as an empty slot instead of an error (udf1..udf10). */
  readonly missingAsEmpty: boolean;
  /** The field is JSON sent inside a form field: an object is serialised once with JSON.stringify. */
  readonly json: boolean;
}

/** Fields whose value is a JSON document sent as a string inside a form field. */
export const JSON_IN_FORM_FIELDS: ReadonlySet<string> = new Set(["authentication_info", "si_details"]);

/** Gateway fields that the interface allows to be sent as empty strings (they must still be present). */
export const MAY_BE_EMPTY: ReadonlySet<string> = new Set(["productinfo", "firstname", "email"]);

/** True for the user-defined slots udf1, udf2, ... */
function isUdf(name: string): boolean {
  return name.length > 3 && name.startsWith("udf") && /^\d+$/.test(name.slice(3));
}

/**
 * Policy of field `name` in `recipe`:
 * - HMAC (signing-secret) recipes: every field must be present and non-empty.
 * - salt recipes: udfN may be absent, null or empty (an empty slot); productinfo, firstname and email
 *   must be present but may be ""; every other field (key, txnid, amount, status,
 *   authentication_info...) must be present and non-empty.
 *
 * @example
 * fieldPolicy(RECIPES["payment-request"], "udf7") // => { nonEmpty: false, missingAsEmpty: true, json: false }
 */
export function fieldPolicy(recipe: Recipe, name: string): FieldPolicy {
  const json = JSON_IN_FORM_FIELDS.has(name);
  if (recipe.secret === "signing-secret") return { nonEmpty: true, missingAsEmpty: false, json };
  if (isUdf(name)) return { nonEmpty: false, missingAsEmpty: true, json };
  if (MAY_BE_EMPTY.has(name)) return { nonEmpty: false, missingAsEmpty: false, json };
  return { nonEmpty: true, missingAsEmpty: false, json };
}
