// Verifies a request's hash or checksum against the mock's credentials, and explains a mismatch without the secret.
import { explain, RECIPES, type SchemeId, SigningError, verify } from "@pgi/signing";

/** The headers a refused hash or checksum gets: the diagnosis first, the pre-image in a header of its own. */
export interface HashHint {
  /** `x-pgi-mock-hint`: which field, which recipe, then what reproduces the digest received (or why nothing does). */
  readonly hint: string;
  /** `x-pgi-mock-preimage`: the pre-image the mock hashed, secret masked, masked fields as `<name>`. */
  readonly preimage: string;
}

/** Result of checking one signed request. */
export type HashCheck = { ok: true } | ({ ok: false; headers: Record<string, string> } & HashHint);

/** Longest pre-image the mock puts in a header (JSON-in-form fields can be long). */
const MAX_PREIMAGE = 4_000;

/**
 * Verifies `fields[carrier]` with `scheme` over exactly the received fields and `secret`.
 * On a mismatch, returns the two hint headers of {@link hashHint}. The expected digest itself is never included
 * (it is as good as a credential).
 *
 * @example
 * const check = checkHash("payment-request", form, "hash", ctx.credentials.salt);
 * if (!check.ok) return { ...documented, headers: check.headers };
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
  if (ok) return { ok: true };
  const hint = hashHint(scheme, fields, carrier, secret, masked);
  return {
    ok: false,
    ...hint,
    headers: { "x-pgi-mock-hint": hint.hint, "x-pgi-mock-preimage": hint.preimage },
  };
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
 * The hint for a wrong `carrier` value, diagnosis first: `body.hash: does not match payment-request: the received
 * hash is reproduced when productinfo and firstname are swapped`, or why nothing reproduces it; and, apart, the
 * pre-image the mock hashed. The secret is masked and the values of `masked` fields (OTPs) become `<name>`.
 *
 * @example
 * hashHint("wallet-checksum", form, "checksum", secret, ["otp"]).hint;
 * // "body.checksum: does not match wallet-checksum: the received checksum is reproduced when cell and mid are swapped"
 */
export function hashHint(
  scheme: SchemeId,
  fields: Record<string, string>,
  carrier: string,
  secret: string,
  masked: readonly string[] = [],
): HashHint {
  const e = explain(scheme, fields as never, { secret, received: fields[carrier] ?? "" });
  const found = [...new Set(e.diagnosis?.found.map((c) => c.description) ?? [])];
  const why =
    found.length > 0
      ? `the received ${carrier} is reproduced when ${found.join(", or when ")}`
      : (e.diagnosis?.notes ?? []).join(" ");
  const hint = `body.${carrier}: does not match ${scheme}: ${why.replace(/\.$/, "")}; the pre-image the mock hashed is in x-pgi-mock-preimage`;
  const preimage = displayPreimage(scheme, e, masked).slice(0, MAX_PREIMAGE);
  // Belt and braces: explain() already masks the secret; a header must never carry it, nor a masked field's value.
  const unsecret = (text: string) => text.split(secret).join("<SECRET>");
  let cleanHint = unsecret(hint);
  for (const name of masked) {
    const value = fields[name];
    if (value && value.length >= 4) cleanHint = cleanHint.split(value).join(`<${name}>`);
  }
  return { hint: cleanHint, preimage: unsecret(preimage) };
}
