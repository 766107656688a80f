// Trials that change how one value is written: the amount's decimals, JSON-in-form fields re-serialised,
// surrounding whitespace trimmed.
import { JSON_IN_FORM_FIELDS } from "../field-policy.js";
import type { Trial } from "../trial-types.js";
import { type JoinedContext, joinedTrial, withValue } from "./context.js";

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * The amount written with 0 to 3 decimals (and as `String(n)`): `10` / `10.0` / `10.00` / `10.000`.
 *
 * @example
 * [...amountForms(ctx)][0].description // 'amount is written as "10" instead of "10.00"'
 */
export function* amountForms(ctx: JoinedContext): Generator<Trial> {
  const at = ctx.included.findIndex((p) => p.name === "amount");
  const amount = ctx.included[at]?.value ?? "";
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return;
  const n = Number(amount);
  const forms = new Set([String(n), n.toFixed(0), n.toFixed(1), n.toFixed(2), n.toFixed(3)]);
  forms.delete(amount);
  for (const form of forms) {
    if (Number(form) !== n) continue;
    yield joinedTrial(
      ctx,
      `amount-${form}`,
      `amount is written as "${form}" instead of "${amount}"`,
      withValue(ctx.included, at, form),
    );
  }
}

/**
 * Each JSON-in-form field re-serialised: compact, 2-space indented, keys sorted, JSON-encoded a second time.
 *
 * @example
 * [...jsonForms(ctx)].map((t) => t.id) // ["authentication_info-indented", ...]
 */
export function* jsonForms(ctx: JoinedContext): Generator<Trial> {
  for (const [index, p] of ctx.included.entries()) {
    if (!JSON_IN_FORM_FIELDS.has(p.name)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(p.value);
    } catch {
      continue;
    }
    const forms: [string, string, string][] = [
      ["compact", `${p.name} is re-serialised with JSON.stringify (compact)`, JSON.stringify(parsed)],
      ["indented", `${p.name} is re-serialised with 2-space indentation`, JSON.stringify(parsed, null, 2)],
      ["sorted", `${p.name} is re-serialised with its keys sorted`, JSON.stringify(sortKeysDeep(parsed))],
      ["double", `${p.name} is JSON-encoded a second time (a quoted string)`, JSON.stringify(p.value)],
    ];
    for (const [id, description, value] of forms) {
      if (value !== p.value)
        yield joinedTrial(ctx, `${p.name}-${id}`, description, withValue(ctx.included, index, value));
    }
  }
}

/**
 * The values with surrounding whitespace trimmed, when any has some.
 *
 * @example
 * [...trimmedValues(ctx)].map((t) => t.id) // ["trimmed"] for firstname " Ashish "
 */
export function* trimmedValues(ctx: JoinedContext): Generator<Trial> {
  if (!ctx.included.some((p) => p.kind !== "secret" && p.value !== p.value.trim())) return;
  const trimmed = ctx.included.map((p) => (p.kind === "secret" ? p : { ...p, value: p.value.trim() }));
  yield joinedTrial(ctx, "trimmed", "surrounding whitespace is trimmed from the values", trimmed);
}

/**
 * The values hashed still form-encoded, as they appear in the body (`Gold+plan`) or percent-encoded
 * (`Gold%20plan`), when that changes any of them.
 *
 * @example
 * [...encodedValues(ctx)].map((t) => t.id) // ["form-encoded", "percent-encoded"]
 */
export function* encodedValues(ctx: JoinedContext): Generator<Trial> {
  const encodings: [string, string, (v: string) => string][] = [
    ["form-encoded", "the values are hashed form-encoded, as in the request body (space as +)", formEncode],
    ["percent-encoded", "the values are hashed percent-encoded (encodeURIComponent)", encodeURIComponent],
  ];
  for (const [id, description, encode] of encodings) {
    let changed = false;
    const parts = ctx.included.map((p) => {
      if (p.kind === "secret") return p;
      const value = encode(p.value);
      changed ||= value !== p.value;
      return { ...p, value };
    });
    if (changed) yield joinedTrial(ctx, id, description, parts);
  }
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
