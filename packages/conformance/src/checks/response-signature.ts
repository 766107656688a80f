// response_signature: an answer that carries a hash or checksum (gateway result.hash, wallet checksum) verifies with
// the configured salt or secret.
import { responseDigest, verify } from "@pgi/signing";
import { digestFinding } from "../checking/digest-finding.js";
import type { ResponseCheck } from "../checking/types.js";
import { recipeSecret } from "../config/configuration.js";
import { type Finding, fail, pass } from "../model/finding.js";
import type { Credentials, Host } from "../model/target.js";

const EXPECTED = {
  "payment-response": "sha512 of the payment-response recipe",
  "wallet-response-checksum": "HMAC-SHA256 of 'messagecode''status''statuscode''statusdescription'",
} as const;

/** The request's fields (form or JSON), which a gateway result that does not echo them is hashed over. */
function requestFields(body: string | undefined): Record<string, unknown> {
  if (!body) return {};
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {}
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * The response_signature finding of an answer's body, if it carries a digest and the secret is configured; with
 * `explain`, a mismatch carries the diagnosis and the masked pre-image.
 *
 * @example
 * responseSignatureFindings("gateway", JSON.parse(body), sentBody, target.credentials, { explain: true });
 */
export function responseSignatureFindings(
  host: Host,
  value: unknown,
  sentBody: string | undefined,
  credentials: Credentials,
  options: { explain?: boolean } = {},
): Finding[] {
  const digest = responseDigest(value, requestFields(sentBody));
  if (!digest) return [];
  const secret = recipeSecret(
    credentials,
    host,
    digest.scheme === "payment-response" ? "salt" : "signing-secret",
  );
  if (!secret) return [];
  if (options.explain)
    return [
      digestFinding(
        "response_signature",
        digest.scheme,
        digest.fields,
        digest.received,
        secret,
        digest.pointer,
      ),
    ];
  try {
    return [
      verify(digest.scheme, digest.fields as never, digest.received, secret)
        ? pass("response_signature")
        : fail("response_signature", {
            pointer: digest.pointer,
            expected: EXPECTED[digest.scheme],
            actual: "does not verify",
          }),
    ];
  } catch (error) {
    // The answer lacks a field of the recipe, or its digest is not hex of the right length: it cannot verify.
    return [
      fail("response_signature", { expected: "every field of the recipe", actual: (error as Error).message }),
    ];
  }
}

export const check = {
  id: "response_signature",
  description: "the response hash or checksum verifies with the configured secret",
  kind: "response",
  stage: 70,
  run({ op, ex, credentials, parsed }) {
    const body = parsed();
    return body.ok ? responseSignatureFindings(op.host, body.value, ex.request.body, credentials) : [];
  },
} as const satisfies ResponseCheck<"response_signature">;
