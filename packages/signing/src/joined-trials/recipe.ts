// Trials that use another recipe or another way of hashing: a recipe of the same family, an optional part
// toggled, other quoting or separators, SHA-512 twice, a plain SHA-256 instead of HMAC.
import { createHash, createHmac } from "node:crypto";
import { SigningError } from "../errors.js";
import { resolveParts, serialiseJsonFields } from "../joined.js";
import { schemes } from "../registry.js";
import type { Trial } from "../trial-types.js";
import { type JoinedContext, joinedTrial } from "./context.js";

function sha512Hex(text: string): string {
  return createHash("sha512").update(text).digest("hex");
}

/**
 * Every other joined recipe with the same algorithm and secret, over the same fields (`payment-request` vs
 * `upi-mandate-registration`); recipes whose required fields are absent are skipped.
 *
 * @example
 * [...otherRecipes(ctx)].map((t) => t.id) // ["scheme-upi-mandate-registration", ...]
 */
export function* otherRecipes(ctx: JoinedContext): Generator<Trial> {
  const plan = ctx.plan;
  for (const module of Object.values(schemes)) {
    if (!("plan" in module) || module.id === plan.scheme) continue;
    const other = module.plan;
    if (other.algorithm !== plan.algorithm || other.secretKind !== plan.secretKind) continue;
    let parts: ReturnType<typeof resolveParts>;
    try {
      parts = resolveParts(other, serialiseJsonFields(other, ctx.fields), ctx.secret).filter(
        (p) => p.included,
      );
    } catch (error) {
      if (!(error instanceof SigningError)) throw error;
      continue;
    }
    yield joinedTrial(
      ctx,
      `scheme-${other.scheme}`,
      `the ${other.scheme} recipe is used instead of ${plan.scheme}`,
      parts,
      {
        join: other.join,
        quote: other.quote,
      },
    );
  }
}

/**
 * Each optional part toggled: left out when present, added as an empty slot when absent.
 *
 * @example
 * [...optionalToggles(ctx)].map((t) => t.description) // ["additionalCharges is left out"]
 */
export function* optionalToggles(ctx: JoinedContext): Generator<Trial> {
  for (const [index, p] of ctx.resolved.entries()) {
    if (p.kind !== "optional") continue;
    const toggled = ctx.resolved.filter((q, i) => (i === index ? !q.included : q.included));
    yield joinedTrial(
      ctx,
      `optional-${p.name}`,
      p.included ? `${p.name} is left out` : `an empty ${p.name} slot is included`,
      toggled,
    );
  }
}

/**
 * Quoting and separators of the quoted (wallet) recipes: unquoted, unquoted joined with `|`, double quotes,
 * quoted joined with `|`.
 *
 * @example
 * [...quoting(ctx)].map((t) => t.id) // ["unquoted", "unquoted-pipe", "double-quoted", "quoted-pipe"]
 */
export function* quoting(ctx: JoinedContext): Generator<Trial> {
  if (ctx.plan.quote === "") return;
  const parts = ctx.included;
  yield joinedTrial(ctx, "unquoted", "the values are not wrapped in quotes", parts, { quote: "" });
  yield joinedTrial(ctx, "unquoted-pipe", `the values are not quoted and are joined with "|"`, parts, {
    quote: "",
    join: "|",
  });
  yield joinedTrial(ctx, "double-quoted", "the values are wrapped in double quotes", parts, { quote: '"' });
  yield joinedTrial(ctx, "quoted-pipe", `the quoted values are joined with "|"`, parts, { join: "|" });
}

/**
 * Another hash over the same pre-image: a newline appended (`echo` without `-n`), SHA-512 applied twice, an
 * HMAC-SHA512 keyed with the salt over the other parts, or a plain SHA-256 instead of the HMAC.
 *
 * @example
 * [...hashing(ctx)].map((t) => t.id) // ["trailing-newline", "double-sha512", "hmac-sha512"]
 */
export function* hashing(ctx: JoinedContext): Generator<Trial> {
  const parts = ctx.included;
  const recipeHash = (text: string) =>
    ctx.plan.algorithm === "sha512"
      ? sha512Hex(text)
      : createHmac("sha256", ctx.secret).update(text).digest("hex");
  yield joinedTrial(
    ctx,
    "trailing-newline",
    "a newline is appended to the pre-image (echo without -n)",
    parts,
    {
      hash: (text) => recipeHash(`${text}\n`),
    },
  );
  if (ctx.plan.algorithm === "sha512") {
    yield joinedTrial(
      ctx,
      "double-sha512",
      "SHA-512 is applied a second time (over the first hex digest)",
      parts,
      {
        hash: (text) => sha512Hex(sha512Hex(text)),
      },
    );
    yield joinedTrial(
      ctx,
      "hmac-sha512",
      `an HMAC-SHA512 keyed with ${ctx.plan.placeholder} is computed over the other parts`,
      parts.filter((p) => p.kind !== "secret"),
      { hash: (text) => createHmac("sha512", ctx.secret).update(text).digest("hex") },
    );
  } else {
    yield joinedTrial(ctx, "plain-sha256", "a plain SHA-256 is used instead of HMAC-SHA256", parts, {
      hash: (text) => createHash("sha256").update(text).digest("hex"),
    });
  }
}
