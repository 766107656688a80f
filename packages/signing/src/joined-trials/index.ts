// Every alternative construction of a joined recipe, most likely mistakes first (the diagnosis is bounded).
import type { Fields, JoinedPlan, ResolvedPart } from "../joined.js";
import type { Trial } from "../trial-types.js";
import type { JoinedContext } from "./context.js";
import { hashing, optionalToggles, otherRecipes, quoting } from "./recipe.js";
import { blankValues, extraSeparators, missingParts, orderVariants, swaps } from "./structure.js";
import { emptyRuns, udfLayouts } from "./udf.js";
import { amountForms, encodedValues, jsonForms, trimmedValues } from "./values.js";

/** The kinds of construction, in the order they are tried (README lists them in this order). */
const KINDS = [
  amountForms,
  udfLayouts,
  emptyRuns,
  otherRecipes,
  jsonForms,
  optionalToggles,
  swaps,
  missingParts,
  blankValues,
  extraSeparators,
  orderVariants,
  quoting,
  hashing,
  trimmedValues,
  encodedValues,
] as const;

/**
 * The alternative constructions of a joined recipe, generated lazily in order of likelihood: amount format, the
 * udf6-udf10 variants and empty-slot counts, other recipes, re-serialised JSON, optional parts, every swap of two
 * parts, every part left out, every value hashed empty, an extra separator at each place, reversed order and the
 * secret moved, quoting, hashing (a trailing newline, SHA-512 twice, HMAC-SHA512), trimmed whitespace and
 * form- or percent-encoded values. The caller bounds how many it consumes.
 *
 * @example
 * const trials = joinedTrials(plan, resolveParts(plan, fields, salt), fields, salt);
 */
export function* joinedTrials(
  plan: JoinedPlan,
  resolved: readonly ResolvedPart[],
  fields: Fields,
  secret: string,
): Generator<Trial> {
  const ctx: JoinedContext = { plan, resolved, included: resolved.filter((p) => p.included), fields, secret };
  for (const kind of KINDS) yield* kind(ctx);
}
