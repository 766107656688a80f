// Value helpers of the diff: plain-object test, key-order independent equality and a short rendering for messages.

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Deep equality where the order of object keys does not matter (array order does).
 *
 * @example
 * sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }) // => true
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b);
}

/**
 * A short one-line rendering of a value for a change message (long values are cut).
 *
 * @example
 * show(["a", "b"]) // => '["a","b"]'
 */
export function show(value: unknown, max = 120): string {
  const text =
    value === undefined
      ? "(none)"
      : typeof value === "string"
        ? JSON.stringify(value)
        : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Values present in `a` and not in `b` (by sameValue). */
export function missingFrom(a: readonly unknown[], b: readonly unknown[]): unknown[] {
  return a.filter((x) => !b.some((y) => sameValue(x, y)));
}

const UNORDERED = new Set(["required", "enum", "type"]);

/**
 * sameValue for schemas: `required`, `enum` and `type` lists compare as sets.
 *
 * @example
 * sameSchemaValue({ required: ["a", "b"] }, { required: ["b", "a"] }) // => true
 */
export function sameSchemaValue(a: unknown, b: unknown, key = ""): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    if (UNORDERED.has(key)) return missingFrom(a, b).length === 0 && missingFrom(b, a).length === 0;
    return a.every((v, i) => sameSchemaValue(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameSchemaValue(a[k], b[k], k));
  }
  return sameValue(a, b);
}
