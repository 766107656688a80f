// What the canonical form is made of (one key and its value) and how many keys a signed body may have.
import { CanonicalFormError } from "./errors.js";

/** One top-level key of the body and its canonical value. */
export interface CanonicalEntry {
  readonly key: string;
  readonly value: string;
  /** The value's raw JSON text (as written in the body, or as JSON.stringify would write it). */
  readonly raw: string;
  /** "number" (non-integer) and "nested" (object/array) only appear in lenient scans. */
  readonly type: "string" | "integer" | "boolean" | "null" | "number" | "nested";
}

/**
 * Most top-level keys a signed body may have (real bodies have a few dozen). Checked before any sorting, and by the
 * text scanner as it goes, so an oversized body is refused after reading at most this many keys.
 */
export const MAX_CANONICAL_KEYS = 1000;

/**
 * The error for a body over MAX_CANONICAL_KEYS keys.
 *
 * @example
 * throw tooManyKeys("webhook-signature"); // CanonicalFormError: ... body has more than 1000 keys; ...
 */
export function tooManyKeys(scheme: string): CanonicalFormError {
  return new CanonicalFormError(
    scheme,
    undefined,
    `body has more than ${MAX_CANONICAL_KEYS} keys; a signed body is a flat object of a few dozen fields.`,
  );
}
