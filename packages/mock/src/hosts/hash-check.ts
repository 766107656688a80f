// Verifies a request's hash or checksum against the mock's credentials, and explains a mismatch without the secret.
import { explain, RECIPES, type SchemeId, SigningError, verify } from "@pgi/signing";

/** Result of checking one signed request. */
export type HashCheck = { ok: true } | { ok: false; hint: string };

/** Longest hint the mock puts in a header (pre-images of JSON-in-form fields can be long). */
const MAX_HINT = 4_000;

/**
 * Verifies `fields[carrier]` with `scheme` over exactly the received fields and `secret`.
 * On a mismatch, returns a one-line hint for the `x-pgi-mock-hint` header: the recipe, the pre-image the mock
 * computed with the secret masked, and what the signing library found about the received digest. The expected
 * digest itself is never included (it is as good as a credential).
 *
 * @example
 * const check = checkHash("payment-request", form, "hash", ctx.credentials.salt);
 * if (!check.ok) return { ...documented, headers: { "x-pgi-mock-hint": check.hint } };
 */
export function checkHash(
  scheme: SchemeId,
  fields: Record<string, string>,
  carrier: string,
  secret: string,
  masked: readonly string[] = [],
): HashCheck {
  const received = fields[carrier];
  let ok = false;
  try {
    ok = received !== undefined && verify(scheme, fields as never, received, secret);
  } catch (error) {
    // A malformed digest (wrong length, not hex) is a mismatch; explain() says what is wrong with it.
    if (!(error instanceof SigningError)) throw error;
  }
  return ok ? { ok: true } : { ok: false, hint: hashHint(scheme, fields, carrier, secret, masked) };
}

/**
 * The pre-image as explain() built it, with the values of the `masked` fields (an OTP, say) replaced by
 * `<name>`. Rebuilt from the named parts and the recipe's quote and separator; if that does not reproduce the
 * pre-image exactly, the pre-image is left out rather than risk showing a masked value.
 */
function displayPreimage(
  scheme: SchemeId,
  e: { preimage: string; parts: readonly { name: string; value: string; included: boolean }[] },
  masked: readonly string[],
): string {
  if (masked.length === 0) return e.preimage;
  const recipe = (RECIPES as Readonly<Record<string, { join: string; quote: string }>>)[scheme];
  if (!recipe) return "(not shown: it holds masked fields)";
  const render = (mask: boolean) =>
    e.parts
      .filter((p) => p.included)
      .map((p) => recipe.quote + (mask && masked.includes(p.name) ? `<${p.name}>` : p.value) + recipe.quote)
      .join(recipe.join);
  return render(false) === e.preimage ? render(true) : "(not shown: it holds masked fields)";
}

/**
 * The hint for a wrong `carrier` value: `body.hash: does not match recipe … over pre-image …`, secret masked,
 * and the values of `masked` fields (OTPs) replaced by `<name>`.
 *
 * @example
 * hashHint("wallet-checksum", form, "checksum", secret);
 * // "body.checksum: does not match wallet-checksum: hmac-sha256(...) | pre-image '5000''98...'"
 */
export function hashHint(
  scheme: SchemeId,
  fields: Record<string, string>,
  carrier: string,
  secret: string,
  masked: readonly string[] = [],
): string {
  const e = explain(scheme, fields as never, { secret, received: fields[carrier] ?? "" });
  const found = e.diagnosis?.found.map((c) => c.description) ?? [];
  const parts = [
    `body.${carrier}: does not match recipe ${scheme}: ${e.formula}`,
    `pre-image ${displayPreimage(scheme, e, masked)}`,
    ...(found.length > 0 ? [`your value matches: ${found.join("; ")}`] : []),
    ...(e.diagnosis?.notes ?? []),
  ];
  // Belt and braces: explain() already masks the secret; a header must never carry it.
  return parts.join(" | ").split(secret).join("<SECRET>").slice(0, MAX_HINT);
}
