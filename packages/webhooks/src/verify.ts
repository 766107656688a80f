// First stage of the request path: the signature over the raw body, then the JSON, then the schema.
import { CanonicalFormError, webhookSignature } from "@pgi/signing";
import { refuse, type WebhookAnswer } from "./answers.js";
import type { MerchantStatusWebhook } from "./generated/contract.js";
import { duplicateKey, payloadViolations } from "./payload.js";

/** A delivery that passed every check: the event, its raw text and its duplicate key. */
export interface VerifiedDelivery {
  event: MerchantStatusWebhook;
  text: string;
  key: string;
}

const utf8 = new TextDecoder();
const HEX64 = /^[0-9a-fA-F]{64}$/;

/**
 * Checks the signature, then the JSON, then the schema: the verified delivery, or the 4xx answer naming what failed.
 * The signature comes first, so an unsigned body costs one linear scan (the key count is limited before sorting).
 *
 * @example
 * const checked = verifyDelivery(rawBody, req.headers.authorization, secret);
 * if ("answer" in checked) return checked.answer;
 */
export function verifyDelivery(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
): VerifiedDelivery | { answer: WebhookAnswer } {
  if (typeof signature !== "string" || signature.trim() === "") {
    return {
      answer: refuse(
        401,
        "missing_signature",
        "header Authorization: missing; the sender signs every delivery",
      ),
    };
  }
  if (!HEX64.test(signature.trim())) {
    return {
      answer: refuse(
        400,
        "malformed_signature",
        "header Authorization: must be 64 hex characters (HMAC-SHA256)",
      ),
    };
  }
  let valid: boolean;
  try {
    valid = webhookSignature.verify(rawBody, signature, secret);
  } catch (error) {
    // Only the body's own faults are described to the sender; anything else is the receiver's (handled upstream).
    if (error instanceof CanonicalFormError) {
      return { answer: refuse(400, "invalid_body", `body: ${error.message}`) };
    }
    throw error;
  }
  if (!valid) {
    return {
      answer: refuse(
        401,
        "invalid_signature",
        "header Authorization: does not match the body and the secret",
      ),
    };
  }
  const text = typeof rawBody === "string" ? rawBody : utf8.decode(rawBody);
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return { answer: refuse(400, "invalid_json", "body: not valid JSON") };
  }
  const violations = payloadViolations(event);
  if (violations.length) {
    return { answer: refuse(400, "invalid_payload", `body: ${violations.join("; ")}`, violations) };
  }
  const verified = event as MerchantStatusWebhook;
  return { event: verified, text, key: duplicateKey(verified, text) };
}
