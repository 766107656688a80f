// webhook_payload: a received merchant status webhook's body is a JSON object valid against the payload schema.

import type { VerdictCheck } from "../checking/types.js";
import type { Finding } from "../model/finding.js";
import { ajvFindings } from "../spec/ajv-findings.js";
import type { SpecSet } from "../spec/spec-set.js";

/**
 * The webhook_payload findings of a raw webhook body.
 *
 * @example
 * webhookPayloadFindings(specs, rawBody); // [{ check: "webhook_payload", ok: true }]
 */
export function webhookPayloadFindings(specs: SpecSet, raw: string): Finding[] {
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
  if (specs.webhookPayload(payload)) return [{ check: "webhook_payload", ok: true }];
  return ajvFindings(specs.webhookPayload.errors, "webhook_payload");
}

export const check = {
  id: "webhook_payload",
  description: "a received webhook's body is valid against the payload schema",
  kind: "verdict",
} as const satisfies VerdictCheck<"webhook_payload">;
