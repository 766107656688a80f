// positive_success: a request built from a success example gets the documented success: a 2xx and, where the host
// defines one, its business success (gateway E000 or pending, wallet statuscode 0, payout status 0, bbps code 200).

import type { VerdictCheck } from "../checking/types.js";
import type { Exchange } from "../model/finding.js";
import type { Host } from "../model/target.js";

type Json = Record<string, unknown>;

/** Why a business result is not a success, per host that defines one (undefined: a success). */
const BUSINESS: Partial<Record<Host, (body: Json) => string | undefined>> = {
  gateway: (b) => {
    const meta = (b.metaData ?? {}) as Json;
    const result = (b.result ?? {}) as Json;
    if (meta.statusCode != null && meta.statusCode !== "E000")
      return `metaData.statusCode ${String(meta.statusCode)}`;
    if (typeof result.error === "string" && result.error !== "" && result.error !== "E000")
      return `result.error ${result.error}`;
    if (meta.txnStatus === "failed" || meta.unmappedStatus === "failure") return "metaData.txnStatus failed";
    return undefined;
  },
  wallet: (b) => (b.statuscode === "0" ? undefined : `statuscode ${String(b.statuscode)}`),
  payout: (b) => (b.status === 0 ? undefined : `status ${String(b.status)}`),
  bbps: (b) => (b.code === 200 ? undefined : `code ${String(b.code)}`),
};

/** The success an operation's positive case must get, as a reader would state it. */
const SUCCESS_TEXT: Partial<Record<Host, string>> = {
  gateway: "2xx with metaData.statusCode and result.error E000 (or pending)",
  wallet: 'a 2xx with statuscode "0"',
  payout: "a 2xx with status 0",
  bbps: "a 2xx with code 200",
};

/** The documented success of a host's operations, in words. */
export const successText = (host: Host): string => SUCCESS_TEXT[host] ?? "a 2xx";

/**
 * Why the answer is not the documented success, or undefined when it is one.
 *
 * @example
 * notSuccess("payout", exchange); // "status 1" for a refused smart-send call answered 200
 */
export function notSuccess(host: Host, ex: Exchange): string | undefined {
  const { status, body } = ex.response;
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  const business = BUSINESS[host];
  if (!business) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "a body that is not JSON";
  }
  return parsed && typeof parsed === "object" ? business(parsed as Json) : "a body that is not an object";
}

export const check = {
  id: "positive_success",
  description: "a request built from a success example gets the documented success (2xx and business result)",
  kind: "verdict",
} as const satisfies VerdictCheck<"positive_success">;
