// Runs the request checks of the registry on one request of an operation: the same checks for the proxy's live traffic
// and for a recorded HAR, so both give the same verdict on the same request.
import type { Finding } from "../model/finding.js";
import type { Credentials } from "../model/target.js";
import type { Operation, SpecSet } from "../spec/spec-set.js";
import { REQUEST_CHECKS } from "./registry.js";
import type { RequestContext } from "./types.js";

/**
 * Every request check's findings on a request of `op` (parameters, credentials, body, and its hash or checksum when
 * `credentials` hold the secret).
 *
 * @example
 * checkRequest(specs, op, { url, headers, body }, target.credentials);
 */
export function checkRequest(
  specs: SpecSet,
  op: Operation,
  request: RequestContext["request"],
  credentials: Credentials = {},
): Finding[] {
  const ctx: RequestContext = { specs, op, request, credentials };
  return REQUEST_CHECKS.flatMap((check) => check.run(ctx));
}
