// Recomputes hashes, checksums and signatures of live traffic; a mismatch carries explain()'s diagnosis and masked pre-image.
import { type Explanation, explain, getScheme, paymentResponse, SigningError } from "@pgi/signing";
import type { Finding } from "../checks.js";
import { requestScheme } from "../request-builder.js";
import type { Operation, SpecSet } from "../spec-set.js";

/** Checks the proxy adds to those of the suite. */
export const PROXY_CHECKS = {
  request_signature: "the request's hash or checksum verifies with the configured salt or secret",
} as const;

/** A finding of the proxy: the suite's checks plus {@link PROXY_CHECKS}. */
export type ProxyFinding = Omit<Finding, "check"> & { check: Finding["check"] | keyof typeof PROXY_CHECKS };

/** The secrets signatures are recomputed with (configuration names of DESIGN.md). */
export interface ProxySecrets {
  salt?: string | undefined;
  walletSecret?: string | undefined;
  webhookSecret?: string | undefined;
}

/**
 * One line saying why a digest differs: the alternative construction that reproduces it, else explain()'s notes.
 *
 * @example
 * diagnosisText(explain("payment-request", fields, { secret: salt, received: fields.hash }));
 */
export function diagnosisText(e: Explanation): string {
  const found = e.diagnosis?.found[0];
  const why = found
    ? `diagnosis: the received digest is reproduced when ${found.description}`
    : `diagnosis: ${(e.diagnosis?.notes ?? []).join(" ") || "no alternative construction reproduces it"}`;
  return `${why}; pre-image (secret masked): ${e.preimage}`;
}

const asStrings = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );

/**
 * Compares a received digest with the one recomputed from `fields`; `pointer` names where the digest was carried.
 *
 * @example
 * digestFinding("request_signature", "payment-request", fields, fields.hash, salt, "request body /hash");
 */
export function digestFinding(
  check: ProxyFinding["check"],
  scheme: string,
  fields: unknown,
  received: unknown,
  secret: string,
  pointer: string,
): ProxyFinding {
  let e: Explanation;
  try {
    if (typeof received !== "string" || received === "")
      return { check, ok: false, pointer, expected: `a ${scheme} digest`, actual: "absent" };
    e = explain(scheme, fields, { secret, received });
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    return {
      check,
      ok: false,
      pointer,
      expected: `every field of the ${scheme} recipe`,
      actual: error.message,
    };
  }
  if (e.match) return { check, ok: true };
  return {
    check,
    ok: false,
    pointer,
    expected: `${e.algorithm} of the ${scheme} recipe with the configured ${e.preimage.includes("<SALT>") ? "salt" : "secret"}`,
    actual: "does not verify",
    message: diagnosisText(e),
  };
}

/** Schemes chosen per operation and set of field names (requestScheme() reads the spec; this keeps it off the hot path). */
const schemes = new WeakMap<Operation, Map<string, string | undefined>>();
const MAX_SHAPES = 256;

function schemeOf(specs: SpecSet, op: Operation, fields: Record<string, unknown>): string | undefined {
  let byShape = schemes.get(op);
  if (!byShape) {
    byShape = new Map();
    schemes.set(op, byShape);
  }
  const shape = Object.keys(fields).sort().join("&");
  if (byShape.has(shape)) return byShape.get(shape);
  const scheme = requestScheme(specs, op, fields);
  if (byShape.size < MAX_SHAPES) byShape.set(shape, scheme);
  return scheme;
}

/**
 * The request's own hash (gateway) or checksum (wallet), recomputed with the scheme of the request's body variant.
 * Nothing is returned when the operation carries no signature or the secret is not configured.
 *
 * @example
 * requestSignature(specs, op, Object.fromEntries(new URLSearchParams(body)), { salt });
 */
export function requestSignature(
  specs: SpecSet,
  op: Operation,
  fields: Record<string, unknown>,
  secrets: ProxySecrets,
): ProxyFinding[] {
  const scheme = schemeOf(specs, op, fields);
  if (!scheme) return [];
  const secret = scheme === "wallet-checksum" ? secrets.walletSecret : secrets.salt;
  if (!secret) return [];
  const carrier = getScheme(scheme).recipe.carrier.name;
  const strings = asStrings(fields);
  return [
    digestFinding("request_signature", scheme, strings, strings[carrier], secret, `request body /${carrier}`),
  ];
}

/**
 * Adds explain()'s diagnosis and masked pre-image to a failed response_signature finding of checkExchange().
 *
 * @example
 * const findings = explainResponseSignature(op, checkExchange(specs, op, ex, secrets), ex, secrets);
 */
export function explainResponseSignature(
  op: Operation,
  findings: Finding[],
  ex: { requestBody?: string; responseBody: string },
  secrets: ProxySecrets,
): Finding[] {
  return findings.map((f) => {
    if (f.check !== "response_signature" || f.ok || f.message) return f;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(ex.responseBody) as Record<string, unknown>;
    } catch {
      return f;
    }
    const result = value?.result as Record<string, unknown> | undefined;
    let detail: ProxyFinding | undefined;
    if (op.host === "gateway" && result && secrets.salt) {
      const request = ex.requestBody ? Object.fromEntries(new URLSearchParams(ex.requestBody)) : {};
      detail = digestFinding(
        "response_signature",
        "payment-response",
        paymentResponse.fieldsFor(result, request),
        result.hash,
        secrets.salt,
        f.pointer ?? "/result/hash",
      );
    } else if (op.host === "wallet" && secrets.walletSecret) {
      const { messagecode, status, statuscode, statusdescription } = asStrings(value);
      detail = digestFinding(
        "response_signature",
        "wallet-response-checksum",
        { messagecode, status, statuscode, statusdescription },
        value.checksum,
        secrets.walletSecret,
        f.pointer ?? "/checksum",
      );
    }
    return detail?.message ? { ...f, message: detail.message } : f;
  });
}
