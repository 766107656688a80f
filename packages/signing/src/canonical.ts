// Canonical sorted key-value form of a flat JSON webhook body, read from raw text (number literals kept) or an object.

import { type CanonicalEntry, MAX_CANONICAL_KEYS, tooManyKeys } from "./canonical-entry.js";
import { CanonicalFormError } from "./errors.js";

export type { CanonicalEntry } from "./canonical-entry.js";
export { MAX_CANONICAL_KEYS } from "./canonical-entry.js";
export { bodyText, entriesFromText } from "./flat-json.js";

/**
 * Canonical entries of a parsed body object (JS values): integers via String(n), bigint via toString.
 *
 * @example
 * entriesFromObject("webhook-signature", { b: true, a: null }) // => entries for b ("true") and a ("")
 */
export function entriesFromObject(
  scheme: string,
  body: { readonly [key: string]: unknown },
): CanonicalEntry[] {
  const keys = Object.keys(body);
  if (keys.length > MAX_CANONICAL_KEYS) throw tooManyKeys(scheme);
  const entries: CanonicalEntry[] = [];
  for (const key of keys) {
    const v = body[key];
    switch (typeof v) {
      case "string":
        entries.push({ key, value: v, raw: JSON.stringify(v), type: "string" });
        break;
      case "number":
        if (!Number.isInteger(v)) {
          throw new CanonicalFormError(
            scheme,
            key,
            `value ${v} is not an integer (fractions have no canonical text); send it as a string.`,
          );
        }
        if (!Number.isSafeInteger(v)) {
          throw new CanonicalFormError(
            scheme,
            key,
            "integer is beyond 2^53 and may have lost digits; pass it as a bigint or sign the raw body.",
          );
        }
        entries.push({ key, value: String(v), raw: String(v), type: "integer" });
        break;
      case "bigint":
        entries.push({ key, value: v.toString(), raw: v.toString(), type: "integer" });
        break;
      case "boolean":
        entries.push({ key, value: v ? "true" : "false", raw: String(v), type: "boolean" });
        break;
      case "undefined":
        break; // JSON.stringify leaves the key out, so it is not sent
      case "object":
        if (v === null) {
          entries.push({ key, value: "", raw: "null", type: "null" });
          break;
        }
        throw new CanonicalFormError(
          scheme,
          key,
          `value is ${Array.isArray(v) ? "an array" : "an object"}, which has no canonical form; the body must be flat.`,
        );
      default:
        throw new CanonicalFormError(scheme, key, `value is a ${typeof v}, which JSON cannot carry.`);
    }
  }
  return entries;
}

const byKey = (a: CanonicalEntry, b: CanonicalEntry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Sorts entries by key (UTF-16 code units, like the default Array sort) in O(n log n), rejects duplicate keys and
 * bodies over MAX_CANONICAL_KEYS keys, and concatenates key+value. Sorts `entries` in place unless `copy` is set.
 *
 * @example
 * canonicalString("webhook-signature", entriesFromText("webhook-signature", '{"b":"2","a":1}')) // => "a1b2"
 */
export function canonicalString(scheme: string, entries: CanonicalEntry[], copy = true): string {
  if (entries.length > MAX_CANONICAL_KEYS) throw tooManyKeys(scheme);
  const list = copy ? entries.slice() : entries;
  // Array sort is a merge sort (O(n log n), stable); keys compare by UTF-16 code units like the default sort.
  list.sort(byKey);
  let out = "";
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (i > 0 && e.key === list[i - 1]!.key) {
      throw new CanonicalFormError(
        scheme,
        e.key,
        "appears more than once; a signed body must have unique keys.",
      );
    }
    out += e.key + e.value;
  }
  return out;
}

/**
 * JSON text of a flat body object as it would be sent (insertion order; bigint written as an integer literal).
 *
 * @example
 * serialiseFlat([{ key: "mid", value: "1", raw: "1", type: "integer" }]) // => '{"mid":1}'
 */
export function serialiseFlat(entries: readonly CanonicalEntry[]): string {
  return `{${entries.map((e) => `${JSON.stringify(e.key)}:${e.raw}`).join(",")}}`;
}
