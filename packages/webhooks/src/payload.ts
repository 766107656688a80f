// The webhook payload: validation (ajv code compiled at build time), the duplicate key and the retry window.
import { webhookSignature } from "@pgi/signing";
import type { ErrorObject } from "ajv";
import { DELIVERY_RULE, type MerchantStatusWebhook } from "./generated/contract.js";
import { validate } from "./generated/validate-payload.js";

/** The sender's whole retry window in ms: every wait of the schedule plus an answer limit per attempt. */
export const RETRY_WINDOW_MS =
  (DELIVERY_RULE.retrySchedule.reduce((a, b) => a + b, 0) +
    DELIVERY_RULE.answerWithinSeconds * (DELIVERY_RULE.retrySchedule.length + 1)) *
  1000;

const validator = validate as unknown as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Validates a parsed payload against MerchantStatusWebhook; returns one "/field: rule" line per violation.
 *
 * @example
 * payloadViolations({ mid: "x" }) // => ["/previous_status: is required", ..., "/mid: must be integer"]
 */
export function payloadViolations(value: unknown): string[] {
  if (validator(value)) return [];
  return (validator.errors ?? []).map((e) => {
    const field =
      e.keyword === "required"
        ? `/${(e.params as { missingProperty: string }).missingProperty}`
        : e.instancePath || "/";
    return `${field}: ${e.keyword === "required" ? "is required" : e.message}`;
  });
}

/** One field of the key: a JSON string, an integer literal exactly as written, or null when absent. */
function keyPart(value: unknown, literal: string | undefined): string {
  if (literal !== undefined) return literal;
  if (typeof value === "bigint" || (typeof value === "number" && Number.isSafeInteger(value)))
    return String(value);
  return JSON.stringify(value ?? null) ?? "null";
}

/**
 * The duplicate key of an event: the spec's rule fields (merchant_uuid, change_timestamp, event_name) written as a
 * JSON array, strings JSON-escaped (no value can forge a separator) and integers exactly as written in the raw body
 * when it is given (JSON.parse rounds integers past 2^53, so two distinct events would share a key).
 *
 * @example
 * duplicateKey(event, '{"merchant_uuid":"11eb-de10","change_timestamp":1754978400,...}')
 * // => '["11eb-de10",1754978400,"Website status update"]'
 */
export function duplicateKey(event: MerchantStatusWebhook, rawBody?: string): string {
  const literals = new Map<string, string>();
  if (rawBody !== undefined) {
    for (const e of webhookSignature.entries(rawBody)) if (e.type === "integer") literals.set(e.key, e.raw);
  }
  return `[${DELIVERY_RULE.duplicateKey.map((k) => keyPart(event[k], literals.get(k))).join(",")}]`;
}
