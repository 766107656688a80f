// Checks callbacks relayed through the proxy: UPI Collect final responses (to surl/furl) and merchant status webhooks.
import { paymentResponse, SigningError, webhookSignature } from "@pgi/signing";
import type { SpecSet } from "../spec-set.js";
import { digestFinding, type ProxyFinding, type ProxySecrets } from "./signatures.js";

/** The schema of the Collect final response, as a reference into the gateway bundle (compiled once, memoised). */
const COLLECT_FINAL = { $ref: "#/components/schemas/CollectFinalResponse" };

/**
 * Checks a UPI Collect final response (a form the gateway has the customer's browser post to surl or furl):
 * its fields against CollectFinalResponse, and its `hash` with the payment response recipe.
 *
 * @example
 * collectFinalFindings(specs, "status=success&…&hash=…", { salt });
 */
export function collectFinalFindings(specs: SpecSet, body: string, secrets: ProxySecrets): ProxyFinding[] {
  const out: ProxyFinding[] = [];
  const fields = Object.fromEntries(new URLSearchParams(body));
  const validate = specs.contentValidator("gateway", COLLECT_FINAL);
  if (validate(fields)) out.push({ check: "response_schema", ok: true });
  else
    for (const e of validate.errors ?? []) {
      const missing =
        e.keyword === "required" ? `/${(e.params as { missingProperty: string }).missingProperty}` : "";
      out.push({
        check: "response_schema",
        ok: false,
        pointer: `callback body ${e.instancePath}${missing}`,
        expected: e.keyword,
        actual: e.message ?? "invalid",
      });
    }
  if (secrets.salt)
    out.push(
      digestFinding(
        "response_signature",
        "payment-response",
        paymentResponse.fieldsFor(fields),
        fields.hash,
        secrets.salt,
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
 * webhookFindings(specs, rawBody, req.headers.authorization, { webhookSecret });
 */
export function webhookFindings(
  specs: SpecSet,
  raw: string,
  authorization: string | undefined,
  secrets: ProxySecrets,
): ProxyFinding[] {
  const out: ProxyFinding[] = [];
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch (error) {
    return [
      {
        check: "webhook_payload",
        ok: false,
        pointer: "/",
        expected: "a JSON object",
        actual: (error as Error).message,
      },
    ];
  }
  if (specs.webhookPayload(payload)) out.push({ check: "webhook_payload", ok: true });
  else
    for (const e of specs.webhookPayload.errors ?? [])
      out.push({
        check: "webhook_payload",
        ok: false,
        pointer: e.instancePath || "/",
        expected: e.keyword,
        actual: e.message ?? "invalid",
      });
  if (!secrets.webhookSecret) return out;
  try {
    if (webhookSignature.verify(raw, authorization, secrets.webhookSecret))
      out.push({ check: "webhook_signature", ok: true });
    else
      out.push(
        digestFinding(
          "webhook_signature",
          "webhook-signature",
          raw,
          authorization,
          secrets.webhookSecret,
          "header Authorization",
        ),
      );
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    out.push({
      check: "webhook_signature",
      ok: false,
      pointer: "header Authorization",
      expected: "the lowercase hex HMAC-SHA256 of the canonical body",
      actual: error.message,
    });
  }
  return out;
}
