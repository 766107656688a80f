// The webhook payload: validation against the spec's schema, the duplicate key and the retry window from its rule.
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { DELIVERY_RULE, type MerchantStatusWebhook, PAYLOAD_SCHEMA } from "./generated/contract.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;

/** The sender's whole retry window in ms: every wait of the schedule plus an answer limit per attempt. */
export const RETRY_WINDOW_MS =
  (DELIVERY_RULE.retrySchedule.reduce((a, b) => a + b, 0) +
    DELIVERY_RULE.answerWithinSeconds * (DELIVERY_RULE.retrySchedule.length + 1)) *
  1000;

let validator: ValidateFunction | undefined;

/**
 * Validates a parsed payload against MerchantStatusWebhook; returns one "/field: rule" line per violation.
 *
 * @example
 * payloadViolations({ mid: "x" }) // => ["/previous_status: is required", ..., "/mid: must be integer"]
 */
export function payloadViolations(value: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    // OpenAPI's integer formats: the type keyword already requires an integer.
    for (const f of ["int32", "int64"]) ajv.addFormat(f, { type: "number", validate: Number.isInteger });
    validator = ajv.compile(PAYLOAD_SCHEMA as object);
  }
  if (validator(value)) return [];
  return (validator.errors ?? []).map((e) => {
    const field =
      e.keyword === "required"
        ? `/${(e.params as { missingProperty: string }).missingProperty}`
        : e.instancePath || "/";
    return `${field}: ${e.keyword === "required" ? "is required" : e.message}`;
  });
}

/**
 * The duplicate key of an event: the values of the spec's rule fields (merchant_uuid, change_timestamp,
 * event_name) as a JSON array, so no value containing a separator can make two events share a key.
 *
 * @example
 * duplicateKey(event) // => '["11eb-de10",1754978400,"Website status update"]'
 */
export function duplicateKey(event: MerchantStatusWebhook): string {
  return JSON.stringify(DELIVERY_RULE.duplicateKey.map((k) => event[k] ?? null));
}
