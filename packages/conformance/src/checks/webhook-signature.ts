// webhook_signature: a received merchant status webhook's Authorization header is the HMAC-SHA256 of its canonical
// body with the configured secret (PGI_WEBHOOK_SECRET); a mismatch carries the diagnosis and the canonical pre-image.
import { SigningError, webhookSignature } from "@pgi/signing";
import { digestFinding } from "../checking/digest-finding.js";
import type { VerdictCheck } from "../checking/types.js";
import type { Finding } from "../model/finding.js";

/**
 * The webhook_signature finding of a raw webhook body and the Authorization header it came with.
 *
 * @example
 * webhookSignatureFinding(rawBody, req.headers.authorization, secret);
 */
export function webhookSignatureFinding(
  raw: string,
  authorization: string | undefined,
  secret: string,
): Finding {
  try {
    if (webhookSignature.verify(raw, authorization, secret)) return { check: "webhook_signature", ok: true };
    return digestFinding(
      "webhook_signature",
      "webhook-signature",
      raw,
      authorization,
      secret,
      "header Authorization",
    );
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    return {
      check: "webhook_signature",
      ok: false,
      pointer: "header Authorization",
      expected: "the lowercase hex HMAC-SHA256 of the canonical body",
      actual: error.message,
    };
  }
}

export const check = {
  id: "webhook_signature",
  description: "a received webhook's Authorization verifies over the raw body",
  kind: "verdict",
} as const satisfies VerdictCheck<"webhook_signature">;
