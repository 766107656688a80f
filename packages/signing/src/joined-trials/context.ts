// Shared by the joined-recipe trials: the parts of one explained pre-image, and how to turn parts into a trial.
import { digestHex } from "../digest.js";
import type { Fields, JoinedPlan, ResolvedPart } from "../joined.js";
import type { Trial } from "../trial-types.js";

/** One part of a pre-image as a trial rearranges it. */
export type Part = Pick<ResolvedPart, "kind" | "value" | "name">;

/** What every trial generator of a joined recipe reads. */
export interface JoinedContext {
  readonly plan: JoinedPlan;
  /** Every part of the recipe, optional ones left out included (`included: false`). */
  readonly resolved: readonly ResolvedPart[];
  /** The parts of the pre-image as the recipe builds it, in order. */
  readonly included: readonly Part[];
  /** The fields as hashed (JSON-in-form objects already serialised). */
  readonly fields: Fields;
  readonly secret: string;
}

/** How a trial differs from the recipe besides its parts: separator, quote, hash function. */
export interface TrialOptions {
  readonly join?: string;
  readonly quote?: string;
  readonly hash?: (preimage: string) => string;
}

/**
 * A trial over `parts`, joined and quoted as the recipe does unless `options` say otherwise.
 *
 * @example
 * joinedTrial(ctx, "reversed", "the parts are in reverse order", [...ctx.included].reverse())
 */
export function joinedTrial(
  ctx: JoinedContext,
  id: string,
  description: string,
  parts: readonly Part[],
  options: TrialOptions = {},
): Trial {
  const join = options.join ?? ctx.plan.join;
  const quote = options.quote ?? ctx.plan.quote;
  const preimage = (s: string) =>
    parts.map((p) => quote + (p.kind === "secret" ? s : p.value) + quote).join(join);
  let size = Math.max(0, parts.length - 1) * join.length;
  for (const p of parts)
    size += (p.kind === "secret" ? ctx.secret.length : p.value.length) + 2 * quote.length;
  const hash = options.hash ?? ((text: string) => digestHex(ctx.plan.algorithm, text, ctx.secret));
  return { id, description, preimage, size, digest: () => hash(preimage(ctx.secret)) };
}

/**
 * How a description names the part at `index` of `parts`: the field name, the secret's placeholder, or the
 * position of an empty slot.
 *
 * @example
 * partLabel(ctx, ctx.included, 0) // => "key"
 */
export function partLabel(ctx: JoinedContext, parts: readonly Part[], index: number): string {
  const part = parts[index];
  if (part === undefined) return "the end";
  if (part.kind === "secret") return ctx.plan.placeholder;
  if (part.kind === "empty") return `empty slot ${index + 1}`;
  return part.name;
}

/**
 * `parts` with `index` replaced by `value` (the other parts shared).
 *
 * @example
 * withValue(ctx.included, 2, "10") // the amount written as "10"
 */
export function withValue(parts: readonly Part[], index: number, value: string): Part[] {
  return parts.map((p, i) => (i === index ? { ...p, value } : p));
}

/** An empty slot, as `$empty` parts are. */
export const EMPTY_SLOT: Part = { kind: "empty", value: "", name: "$empty" };

/** `n` with its noun, singular or plural. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
