// Checks callbacks relayed through the proxy: UPI Collect final responses (to surl/furl) and merchant status webhooks.
import { paymentResponse } from "@pgi/signing";
import { digestFinding } from "../checking/digest-finding.js";
import { webhookPayloadFindings } from "../checks/webhook-payload.js";
import { webhookSignatureFinding } from "../checks/webhook-signature.js";
import { recipeSecret } from "../config/configuration.js";
import type { Finding } from "../model/finding.js";
import type { Credentials } from "../model/target.js";
import { ajvFindings } from "../spec/ajv-findings.js";
import type { SpecSet } from "../spec/spec-set.js";

/** The schema of the Collect final response, as a reference into the gateway bundle (compiled once, memoised). */
const COLLECT_FINAL = { $ref: "#/components/schemas/CollectFinalResponse" };

/**
 * Checks a UPI Collect final response (a form the gateway has the customer's browser post to surl or furl):
 * its fields against CollectFinalResponse, and its `hash` with the payment response recipe.
 *
 * @example
 * collectFinalFindings(specs, "status=success&…&hash=…", target.credentials);
 */
export function collectFinalFindings(specs: SpecSet, body: string, credentials: Credentials): Finding[] {
  const fields = Object.fromEntries(new URLSearchParams(body));
  const validate = specs.contentValidator("gateway", COLLECT_FINAL);
  const out: Finding[] = validate(fields)
    ? [{ check: "response_schema", ok: true }]
    : ajvFindings(validate.errors, "response_schema", { prefix: "callback body " });
  const salt = recipeSecret(credentials, "gateway", "salt");
  if (salt)
    out.push(
      digestFinding(
        "response_signature",
        "payment-response",
        paymentResponse.fieldsFor(fields),
        fields.hash,
        salt,
        "callback body /hash",
      ),
    );
  return out;
}

/**
 * Checks a merchant status webhook: the payload against its schema and the `Authorization` HMAC over the raw body
 * (a mismatch carries the diagnosis and the canonical pre-image).
 *
 * @example
 * webhookFindings(specs, rawBody, req.headers.authorization, target.credentials);
 */
export function webhookFindings(
  specs: SpecSet,
  raw: string,
  authorization: string | undefined,
  credentials: Credentials,
): Finding[] {
  const out = webhookPayloadFindings(specs, raw);
  if (out.some((f) => f.check === "webhook_payload" && f.expected === "a JSON object")) return out;
  const secret = recipeSecret(credentials, "partner", "signing-secret");
  if (secret) out.push(webhookSignatureFinding(raw, authorization, secret));
  return out;
}
