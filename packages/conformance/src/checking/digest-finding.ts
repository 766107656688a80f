// A recomputed digest compared with the one received: a mismatch carries explain()'s diagnosis and the pre-image
// with the secret masked.
import { type Explanation, explain, SigningError } from "@pgi/signing";
import type { Finding } from "../model/finding.js";

/**
 * One line saying why a digest differs: the alternative construction that reproduces it, else explain()'s notes.
 *
 * @example
 * diagnosisText(explain("payment-request", fields, { secret: salt, received: fields.hash }));
 */
export function diagnosisText(e: Explanation): string {
  const found = e.diagnosis?.found[0];
  const why = found
    ? `diagnosis: the received digest is reproduced when ${found.description}`
    : `diagnosis: ${(e.diagnosis?.notes ?? []).join(" ") || "no alternative construction reproduces it"}`;
  return `${why}; pre-image (secret masked): ${e.preimage}`;
}

/**
 * Compares a received digest with the one recomputed from `fields`; `pointer` names where the digest was carried.
 *
 * @example
 * digestFinding("request_signature", "payment-request", fields, fields.hash, salt, "request body /hash");
 */
export function digestFinding(
  check: string,
  scheme: string,
  fields: unknown,
  received: unknown,
  secret: string,
  pointer: string,
): Finding {
  let e: Explanation;
  try {
    if (typeof received !== "string" || received === "")
      return { check, ok: false, pointer, expected: `a ${scheme} digest`, actual: "absent" };
    e = explain(scheme, fields, { secret, received });
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    return {
      check,
      ok: false,
      pointer,
      expected: `every field of the ${scheme} recipe`,
      actual: error.message,
    };
  }
  if (e.match) return { check, ok: true };
  return {
    check,
    ok: false,
    pointer,
    expected: `${e.algorithm} of the ${scheme} recipe with the configured ${e.preimage.includes("<SALT>") ? "salt" : "secret"}`,
    actual: "does not verify",
    message: diagnosisText(e),
  };
}
