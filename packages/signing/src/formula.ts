// Human-readable formula of each recipe, generated from the recipe table (for help text, explain and docs).
import { SALT_PLACEHOLDER, SIGNING_SECRET_PLACEHOLDER } from "./mask.js";
import type { Recipe } from "./recipe-types.js";

/**
 * The recipe written as a formula, with the secret as a placeholder and optional parts in brackets.
 *
 * @example
 * formula(RECIPES["upi-mandate-registration"])
 * // => "sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5|||<SALT>)"
 */
export function formula(recipe: Recipe): string {
  const secret = recipe.secret === "salt" ? SALT_PLACEHOLDER : SIGNING_SECRET_PLACEHOLDER;
  if (recipe.format === "sorted-key-value") {
    return `${recipe.algorithm}(${secret}, key1 value1 key2 value2 ... with every top-level key of the JSON body sorted, nothing between)`;
  }
  const { join, quote } = recipe;
  let body = "";
  recipe.parts.forEach((part, index) => {
    const text =
      part.kind === "secret" ? secret : part.kind === "empty" ? "" : `${quote}${part.name}${quote}`;
    if (part.kind === "optional") {
      body += index === 0 ? `[${text}${join}]` : `[${join}${text}]`;
      return;
    }
    const previousOptionalFirst = index === 1 && recipe.parts[0]?.kind === "optional";
    body += index === 0 || previousOptionalFirst ? text : join + text;
  });
  return recipe.algorithm === "sha512" ? `sha512(${body})` : `${recipe.algorithm}(${secret}, ${body})`;
}
