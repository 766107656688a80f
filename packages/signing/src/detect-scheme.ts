// Which recipe a set of fields follows, told from the fields only that recipe's requests, answers or webhooks carry;
// and the digest an answer carries, with the fields its recipe covers.
import type { SchemeId } from "./generated/recipes.js";
import * as paymentResponse from "./schemes/payment-response.js";

const upiRegistration = (f: Record<string, unknown>) =>
  "pre_authorize" in f || "vpa" in f || String(f.pg ?? "").toUpperCase() === "UPI";

/**
 * The scheme of a request body, an answer (or its `result` object) or a webhook body, by the fields it carries;
 * undefined when no recipe fits. A payment answer (status and txnid) is told apart from the requests by its status.
 *
 * @example
 * detectScheme({ messagecode: "505", status: "SUCCESS", statuscode: "0", checksum: "…" }); // "wallet-response-checksum"
 * detectScheme({ key: "K", txnid: "T", amount: "1.00", authentication_info: "{}", hash: "…" }); // "mandate-authorization"
 */
export function detectScheme(fields: Readonly<Record<string, unknown>>): SchemeId | undefined {
  const has = (k: string) => k in fields;
  if (has("event_name") || has("current_status") || has("merchant_uuid")) return "webhook-signature";
  if (has("messagecode") || has("statuscode")) return "wallet-response-checksum";
  if (has("msgcode") || has("cell")) return "wallet-checksum";
  if (has("authentication_info")) return "mandate-authorization";
  if (has("status") && has("txnid")) return "payment-response";
  if (upiRegistration(fields)) return "upi-mandate-registration";
  if (has("txnid")) return "payment-request";
  return undefined;
}

/** The digest an answer carries, which recipe it follows, and the fields that recipe covers. */
export interface ResponseDigest {
  scheme: "payment-response" | "wallet-response-checksum";
  /** The fields the recipe reads, as strings. */
  fields: Record<string, string>;
  /** The digest the answer carries. */
  received: string;
  /** Where it is carried, as a JSON pointer: /checksum, /result/hash or /hash. */
  pointer: string;
}

const text = (v: unknown) =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v);

/**
 * The response digest an answer carries, if any: a wallet answer's `checksum`, a gateway answer's `result.hash`, or
 * a final payment response's `hash` (the UPI Collect form posted to surl). `request` holds the fields the merchant
 * sent, which a gateway result that does not echo them is hashed over.
 *
 * @example
 * const d = responseDigest(await res.json(), sentForm);
 * if (d && !verify(d.scheme, d.fields as never, d.received, salt)) throw new Error(`${d.pointer} does not verify`);
 */
export function responseDigest(
  body: unknown,
  request: Readonly<Record<string, unknown>> = {},
): ResponseDigest | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.checksum === "string" && detectScheme(b) === "wallet-response-checksum") {
    const fields = Object.fromEntries(
      ["messagecode", "status", "statuscode", "statusdescription"].map((k) => [k, text(b[k])]),
    );
    return { scheme: "wallet-response-checksum", fields, received: b.checksum, pointer: "/checksum" };
  }
  const result = b.result;
  if (result && typeof result === "object" && typeof (result as Record<string, unknown>).hash === "string") {
    const r = result as Record<string, unknown>;
    const fields = paymentResponse.fieldsFor(r, request) as Record<string, string>;
    return { scheme: "payment-response", fields, received: r.hash as string, pointer: "/result/hash" };
  }
  if (typeof b.hash === "string" && detectScheme(b) === "payment-response") {
    const fields = paymentResponse.fieldsFor(b) as Record<string, string>;
    return { scheme: "payment-response", fields, received: b.hash, pointer: "/hash" };
  }
  return undefined;
}
