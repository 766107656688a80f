// Alternative constructions of the webhook signature that explain() tries: key order, raw body, numbers, null.
import { createHmac } from "node:crypto";
import { type CanonicalEntry, serialiseFlat } from "./canonical.js";
import type { Trial } from "./trial-types.js";

/**
 * Trials for the webhook signature: body key order, raw body, number re-serialisation, null text,
 * separators, locale sort and trimmed values.
 *
 * @example
 * webhookTrials(entries, rawText, secret).map((t) => t.id)
 */
export function webhookTrials(
  list: readonly CanonicalEntry[],
  raw: string | undefined,
  secret: string,
): Trial[] {
  const trials: Trial[] = [];
  const add = (id: string, description: string, text: string) => {
    trials.push({
      id,
      description,
      preimage: () => text,
      size: text.length,
      digest: () => createHmac("sha256", secret).update(text).digest("hex"),
    });
  };
  const byCodeUnit = (a: CanonicalEntry, b: CanonicalEntry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const sorted = [...list].sort(byCodeUnit);
  const concat = (entries: readonly CanonicalEntry[]) => entries.map((e) => e.key + e.value).join("");
  const canonical = concat(sorted);
  const addIfDifferent = (id: string, description: string, text: string) => {
    if (text !== canonical) add(id, description, text);
  };

  addIfDifferent("body-order", "the keys are taken in body order instead of sorted", concat(list));
  add(
    "raw-body",
    "the HMAC covers the body text as sent instead of the sorted key-value form",
    raw ?? serialiseFlat(list),
  );
  add("sorted-json", "the HMAC covers the body with sorted keys serialised as JSON", serialiseFlat(sorted));
  addIfDifferent(
    "number-reparsed",
    "integers go through JSON.parse and String() (large integers lose digits)",
    concat(sorted.map((e) => (e.type === "integer" ? { ...e, value: String(Number(e.raw)) } : e))),
  );
  addIfDifferent(
    "null-text",
    'null is written as "null" instead of an empty string',
    concat(sorted.map((e) => (e.type === "null" ? { ...e, value: "null" } : e))),
  );
  add(
    "key-equals-value",
    "keys and values are written key=value and joined with &",
    sorted.map((e) => `${e.key}=${e.value}`).join("&"),
  );
  add(
    "values-only",
    "only the values are concatenated, without the keys",
    sorted.map((e) => e.value).join(""),
  );
  addIfDifferent(
    "locale-sort",
    "the keys are sorted with localeCompare instead of by UTF-16 code unit",
    concat([...list].sort((a, b) => a.key.localeCompare(b.key))),
  );
  addIfDifferent(
    "trimmed",
    "string values are trimmed",
    concat(sorted.map((e) => ({ ...e, value: e.value.trim() }))),
  );
  return trials;
}
