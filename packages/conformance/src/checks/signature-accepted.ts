// signature_accepted: the target accepts a request's hash or checksum computed with the configured secret; a refusal
// of it carries the signing pre-image (secrets masked) and says when the digest sent is what the secret gives.
import { explain } from "@pgi/signing";
import type { VerdictCheck } from "../checking/types.js";
import { recipeSecret, secretsOf } from "../config/configuration.js";
import type { Exchange } from "../model/finding.js";
import type { Target } from "../model/target.js";
import { maskText } from "../requests/reproduce.js";
import { requestScheme, signatureSchemes } from "../spec/request-body.js";
import type { Operation, SpecSet } from "../spec/spec-set.js";

const SIGNATURE_WORDS = /\b(hash|checksum|signature)\b/i;

/**
 * Whether a refusal is about the request's hash or checksum: the operation is signed and the refusal says so.
 *
 * @example
 * refusesSignature(specs, op, "hash mismatch"); // true on the gateway's _payment
 */
export function refusesSignature(specs: SpecSet, op: Operation, text: string): boolean {
  return SIGNATURE_WORDS.test(text) && signatureSchemes(specs, op).length > 0;
}

/** Why a refused digest was what it was, and the pre-image behind it: a short diagnosis and the long form. */
export interface SignatureExplanation {
  /** The diagnosis, then the pre-image, one line each (secrets masked). */
  lines: string[];
  /** explain()'s whole rendering, part by part (secrets masked). */
  detail: string;
}

/**
 * Explains the digest a refused request carried: whether it is what the configured secret gives over the recipe's
 * pre-image (then the target signs differently), or which alternative construction reproduces it; secrets masked.
 *
 * @example
 * signatureExplanation(specs, op, exchange, target)?.lines; // ["the digest sent is ...", "pre-image (secret masked): key|…|<SALT>"]
 */
export function signatureExplanation(
  specs: SpecSet,
  op: Operation,
  ex: Exchange,
  target: Target,
): SignatureExplanation | undefined {
  const body = ex.request.body;
  if (body === undefined) return undefined;
  const fields = Object.fromEntries(new URLSearchParams(body));
  const scheme = requestScheme(specs, op, fields);
  if (!scheme) return undefined;
  const secret = recipeSecret(
    target.credentials,
    op.host,
    scheme === "wallet-checksum" ? "signing-secret" : "salt",
  );
  if (!secret) return undefined;
  const mask = (text: string) => maskText(text, secretsOf(target.credentials));
  try {
    const e = explain(scheme, fields, { secret, received: fields.hash ?? fields.checksum ?? "" });
    const found = e.diagnosis?.found[0];
    const diagnosis = e.match
      ? "the digest sent is what the configured secret gives over this pre-image: the target signs with another secret, or over other fields or values"
      : found
        ? `the digest sent is reproduced when ${found.description}`
        : (e.diagnosis?.notes ?? []).join(" ") || "no alternative construction reproduces the digest sent";
    return {
      lines: [mask(diagnosis), mask(`pre-image (secret masked): ${e.preimage}`)],
      detail: mask(e.format()),
    };
  } catch (error) {
    return { lines: [mask(`no pre-image: ${(error as Error).message}`)], detail: "" };
  }
}

export const check = {
  id: "signature_accepted",
  description: "the target accepts the request's hash or checksum computed with the configured secret",
  kind: "verdict",
} as const satisfies VerdictCheck<"signature_accepted">;
