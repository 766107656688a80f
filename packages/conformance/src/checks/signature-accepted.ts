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

/**
 * The signing pre-image of the sent request with every secret masked, one line per part, and whether the digest
 * sent is what the configured secret gives.
 *
 * @example
 * signaturePreimage(specs, op, exchange, target); // "key|txnid|…|<SALT>\n…"
 */
export function signaturePreimage(
  specs: SpecSet,
  op: Operation,
  ex: Exchange,
  target: Target,
): string | undefined {
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
  try {
    const received = fields.hash ?? fields.checksum ?? "";
    const e = explain(scheme, fields, { secret, received });
    const text = e.match
      ? `${e.format()}\nthe digest sent is what the configured secret gives over this pre-image: the target signs with another secret, or over other fields or values`
      : e.format();
    return maskText(text, secretsOf(target.credentials));
  } catch (error) {
    return `(no pre-image: ${(error as Error).message})`;
  }
}

export const check = {
  id: "signature_accepted",
  description: "the target accepts the request's hash or checksum computed with the configured secret",
  kind: "verdict",
} as const satisfies VerdictCheck<"signature_accepted">;
