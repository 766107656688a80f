// Trials that rearrange a joined pre-image: two parts swapped, a part left out or hashed empty, an extra
// separator, the parts reversed, the secret moved.
import type { Trial } from "../trial-types.js";
import { EMPTY_SLOT, type JoinedContext, joinedTrial, type Part, partLabel, withValue } from "./context.js";

const isBlank = (p: Part | undefined) => p !== undefined && p.kind !== "secret" && p.value === "";

/**
 * Every swap of two parts whose values differ (a swap of two equal values changes nothing).
 *
 * @example
 * [...swaps(ctx)].map((t) => t.description) // ["key and txnid are swapped", ...]
 */
export function* swaps(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  for (let a = 0; a < parts.length; a++) {
    for (let b = a + 1; b < parts.length; b++) {
      const pa = parts[a]!;
      const pb = parts[b]!;
      if (pa.kind !== "secret" && pb.kind !== "secret" && pa.value === pb.value) continue;
      const swapped = [...parts];
      swapped[a] = pb;
      swapped[b] = pa;
      const [la, lb] = [partLabel(ctx, parts, a), partLabel(ctx, parts, b)];
      yield joinedTrial(ctx, `swap-${la}-${lb}`.replace(/\s+/g, "-"), `${la} and ${lb} are swapped`, swapped);
    }
  }
}

/**
 * Each part left out, with its separator (the empty slots too: one slot fewer at that place); optional parts are
 * toggled by the recipe trials instead.
 *
 * @example
 * [...missingParts(ctx)].map((t) => t.description) // ["key is left out (with its separator)", ...]
 */
export function* missingParts(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i]!.kind === "optional") continue;
    const label = partLabel(ctx, parts, i);
    const rest = parts.filter((_, j) => j !== i);
    yield joinedTrial(
      ctx,
      `missing-${label}`.replace(/\s+/g, "-"),
      `${label} is left out (with its separator)`,
      rest,
    );
  }
}

/**
 * Each non-empty field hashed as an empty value, its slot kept (a value the sender did not have).
 *
 * @example
 * [...blankValues(ctx)].map((t) => t.description) // ["email is hashed as an empty value (its slot kept)", ...]
 */
export function* blankValues(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === "secret" || part.value === "") continue;
    yield joinedTrial(
      ctx,
      `blank-${part.name}`,
      `${part.name} is hashed as an empty value (its slot kept)`,
      withValue(parts, i, ""),
    );
  }
}

/**
 * One extra separator (an extra empty slot) at each place: at the start, between two parts, at the end.
 *
 * @example
 * [...extraSeparators(ctx)][0].description // 'an extra "|" at the start (an empty slot before key)'
 */
export function* extraSeparators(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  const what =
    ctx.plan.join === "" ? `an extra empty value ${ctx.plan.quote.repeat(2)}` : `an extra "${ctx.plan.join}"`;
  for (let i = 0; i <= parts.length; i++) {
    const where =
      i === 0
        ? `at the start (before ${partLabel(ctx, parts, 0)})`
        : i === parts.length
          ? `at the end (after ${partLabel(ctx, parts, i - 1)})`
          : `between ${partLabel(ctx, parts, i - 1)} and ${partLabel(ctx, parts, i)}`;
    // Next to an empty slot this is a longer run of empty slots, which the udf trials name better.
    if (isBlank(parts[i - 1]) || isBlank(parts[i])) continue;
    yield joinedTrial(ctx, `extra-separator-${i}`, `${what} ${where}`, [
      ...parts.slice(0, i),
      EMPTY_SLOT,
      ...parts.slice(i),
    ]);
  }
}

/**
 * The parts in reverse order (a response hash computed in request order, or the other way round), and the secret
 * moved to the start or the end.
 *
 * @example
 * [...orderVariants(ctx)].map((t) => t.id) // ["reversed", "secret-first"]
 */
export function* orderVariants(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  yield joinedTrial(ctx, "reversed", "the parts are in reverse order", [...parts].reverse());
  const at = parts.findIndex((p) => p.kind === "secret");
  if (at < 0) return;
  const secret = parts[at]!;
  const rest = parts.filter((_, i) => i !== at);
  const placeholder = ctx.plan.placeholder;
  if (at !== 0)
    yield joinedTrial(ctx, "secret-first", `${placeholder} comes first instead`, [secret, ...rest]);
  if (at !== parts.length - 1)
    yield joinedTrial(ctx, "secret-last", `${placeholder} comes last instead`, [...rest, secret]);
}
