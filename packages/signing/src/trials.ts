// Alternative constructions explain() tries to find out how a received digest was really made.
import { createHash, createHmac } from "node:crypto";
import { type CanonicalEntry, serialiseFlat } from "./canonical.js";
import { digestHex } from "./digest.js";
import { SigningError } from "./errors.js";
import { JSON_IN_FORM_FIELDS } from "./field-policy.js";
import {
  type Fields,
  type JoinedPlan,
  type ResolvedPart,
  resolveParts,
  serialiseJsonFields,
} from "./joined.js";
import { schemes } from "./registry.js";

/** One alternative construction: its pre-image (with a given secret text) and its digest. */
export interface Trial {
  readonly id: string;
  /** Reads after "the received digest is reproduced when ...". */
  readonly description: string;
  preimage(secretText: string): string;
  digest(): string;
}

type Part = Pick<ResolvedPart, "kind" | "value" | "name">;

function sha512Hex(text: string): string {
  return createHash("sha512").update(text).digest("hex");
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return out;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Trials for a joined recipe: empty-slot count, amount format, re-serialised JSON, other schemes,
 * optional parts, quoting, double hashing and trimmed whitespace. Bounded to a few dozen.
 *
 * @example
 * joinedTrials(plan, resolveParts(plan, fields, salt), fields, salt).length // => a few dozen at most
 */
export function joinedTrials(
  plan: JoinedPlan,
  resolved: readonly ResolvedPart[],
  fields: Fields,
  secret: string,
): Trial[] {
  const trials: Trial[] = [];
  const included: Part[] = resolved.filter((p) => p.included);
  const placeholder = plan.placeholder;
  const add = (
    id: string,
    description: string,
    parts: readonly Part[],
    options: { join?: string; quote?: string; hash?: (preimage: string) => string } = {},
  ) => {
    const join = options.join ?? plan.join;
    const quote = options.quote ?? plan.quote;
    const preimage = (s: string) =>
      parts.map((p) => quote + (p.kind === "secret" ? s : p.value) + quote).join(join);
    const hash = options.hash ?? ((text: string) => digestHex(plan.algorithm, text, secret));
    trials.push({ id, description, preimage, digest: () => hash(preimage(secret)) });
  };
  const display = (p: Part | undefined) =>
    p === undefined
      ? "the end"
      : p.kind === "secret"
        ? placeholder
        : p.kind === "empty"
          ? "an empty slot"
          : p.name;

  // 1. Runs of empty slots one (or several) shorter or longer: "udf5||||||SALT" vs "udf5|||SALT".
  for (let start = 0; start < included.length; start++) {
    const isEmpty = (p: Part | undefined) => p !== undefined && p.kind !== "secret" && p.value === "";
    if (!isEmpty(included[start]) || isEmpty(included[start - 1])) continue;
    let end = start;
    while (isEmpty(included[end])) end++;
    const length = end - start;
    const before = start === 0 ? "the start" : display(included[start - 1]);
    const after = display(included[end]);
    for (let m = Math.max(0, length - 6); m <= length + 2; m++) {
      if (m === length) continue;
      const slots: Part[] = Array.from({ length: m }, () => ({ kind: "empty", value: "", name: "$empty" }));
      add(
        `empty-slots-${start}-${m}`,
        `there ${m === 1 ? "is" : "are"} ${plural(m, "empty slot")} between ${before} and ${after} instead of ${length}`,
        [...included.slice(0, start), ...slots, ...included.slice(end)],
      );
    }
  }

  // 2. Amount written differently: 10 / 10.0 / 10.00 / 10.000.
  const amountAt = included.findIndex((p) => p.name === "amount");
  const amount = included[amountAt]?.value ?? "";
  if (/^-?\d+(\.\d+)?$/.test(amount)) {
    const n = Number(amount);
    const forms = new Set([String(n), n.toFixed(0), n.toFixed(1), n.toFixed(2), n.toFixed(3)]);
    forms.delete(amount);
    for (const form of forms) {
      if (Number(form) !== n) continue;
      const parts = included.map((p, i) => (i === amountAt ? { ...p, value: form } : p));
      add(`amount-${form}`, `amount is written as "${form}" instead of "${amount}"`, parts);
    }
  }

  // 3. JSON-in-form fields re-serialised.
  included.forEach((p, index) => {
    if (!JSON_IN_FORM_FIELDS.has(p.name)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(p.value);
    } catch {
      return;
    }
    const forms: [string, string][] = [
      ["compact", `${p.name} is re-serialised with JSON.stringify (compact)`],
      ["indented", `${p.name} is re-serialised with 2-space indentation`],
      ["sorted", `${p.name} is re-serialised with its keys sorted`],
      ["double", `${p.name} is JSON-encoded a second time (a quoted string)`],
    ];
    const text: Record<string, string> = {
      compact: JSON.stringify(parsed),
      indented: JSON.stringify(parsed, null, 2),
      sorted: JSON.stringify(sortKeysDeep(parsed)),
      double: JSON.stringify(p.value),
    };
    for (const [id, description] of forms) {
      const value = text[id] ?? p.value;
      if (value === p.value) continue;
      add(
        `${p.name}-${id}`,
        description,
        included.map((q, i) => (i === index ? { ...q, value } : q)),
      );
    }
  });

  // 4. Another recipe of the same family (payment-request vs upi-mandate-registration...).
  for (const module of Object.values(schemes)) {
    if (!("plan" in module) || module.id === plan.scheme) continue;
    const other = module.plan;
    if (other.algorithm !== plan.algorithm || other.secretKind !== plan.secretKind) continue;
    try {
      const parts = resolveParts(other, serialiseJsonFields(other, fields), secret).filter((p) => p.included);
      add(`scheme-${other.scheme}`, `the ${other.scheme} recipe is used instead of ${plan.scheme}`, parts, {
        join: other.join,
        quote: other.quote,
      });
    } catch (error) {
      if (!(error instanceof SigningError)) throw error;
    }
  }

  // 5. Optional parts toggled.
  resolved.forEach((p, index) => {
    if (p.kind !== "optional") return;
    const toggled = resolved.filter((q, i) => (i === index ? !q.included : q.included));
    const description = p.included ? `${p.name} is left out` : `an empty ${p.name} slot is included`;
    add(`optional-${p.name}`, description, toggled);
  });

  // 6. Quoting (wallet checksums).
  if (plan.quote !== "") {
    add("unquoted", "the values are not wrapped in quotes", included, { quote: "" });
    add("unquoted-pipe", `the values are not quoted and are joined with "|"`, included, {
      quote: "",
      join: "|",
    });
    add("double-quoted", "the values are wrapped in double quotes", included, { quote: '"' });
    add("quoted-pipe", `the quoted values are joined with "|"`, included, { join: "|" });
  }

  // 7. Hashing variants.
  if (plan.algorithm === "sha512") {
    add("double-sha512", "SHA-512 is applied a second time (over the first hex digest)", included, {
      hash: (text) => sha512Hex(sha512Hex(text)),
    });
  } else {
    add("plain-sha256", "a plain SHA-256 is used instead of HMAC-SHA256", included, {
      hash: (text) => createHash("sha256").update(text).digest("hex"),
    });
  }

  // 8. Values with surrounding whitespace trimmed.
  if (included.some((p) => p.kind !== "secret" && p.value !== p.value.trim())) {
    const trimmed = included.map((p) => (p.kind === "secret" ? p : { ...p, value: p.value.trim() }));
    add("trimmed", "surrounding whitespace is trimmed from the values", trimmed);
  }
  return trials;
}

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
