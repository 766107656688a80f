// negative_rejected: a request breaking one rule gets a documented refusal (a documented 4xx, or the in-body failure
// the gateway and wallet document for a wrong hash or checksum), never a success or a server error.

import type { VerdictCheck } from "../checking/types.js";
import type { Exchange, Finding } from "../model/finding.js";
import type { Operation } from "../spec/spec-set.js";

// Gateway and wallet report refused hashes and checksums in a 200 body, as the interface documents.
const IN_BODY_FAILURE =
  /"(status|unmappedStatus)"\s*:\s*"(failure|FAILURE)"|"statusCode"\s*:\s*"E(?!000")\d+"/;

/**
 * The findings of a negative case: the response checks it was given (less the response signature) and
 * `negative_rejected`.
 *
 * @example
 * negativeFindings(op, exchange, true, checkExchange(specs, op, exchange));
 */
export function negativeFindings(
  op: Operation,
  ex: Exchange,
  failureInBody: boolean,
  base: Finding[],
): Finding[] {
  const { status, body } = ex.response;
  const keep = base.filter((f) => f.check !== "response_signature");
  let refused = status >= 400 && status < 500 && op.responses.has(String(status));
  if (!refused && failureInBody && status === 200) refused = IN_BODY_FAILURE.test(body);
  const documented =
    [...op.responses.keys()].filter((s) => s.startsWith("4")).join(", ") || "none documented";
  keep.push(
    refused
      ? { check: "negative_rejected", ok: true }
      : {
          check: "negative_rejected",
          ok: false,
          expected: `a documented 4xx (${documented})`,
          actual: `${status}${status < 300 ? " (accepted)" : ""}`,
        },
  );
  return keep;
}

export const check = {
  id: "negative_rejected",
  description: "a request breaking one rule gets a documented refusal, never a success",
  kind: "verdict",
} as const satisfies VerdictCheck<"negative_rejected">;
