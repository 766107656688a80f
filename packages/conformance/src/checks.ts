// The named checks run on every exchange: status, content type, schema, headers, signatures, server errors, drift.
import { paymentResponse, verify } from "@pgi/signing";
import type { ErrorObject } from "ajv";
import { contentBreaks } from "./content-schema.js";
import { deref, type Operation, type SpecSet } from "./spec-set.js";

/** Check names, as they appear in reports. */
export const CHECKS = {
  not_a_server_error: "the answer is not a 5xx",
  status_code_documented: "the status code is documented for the operation",
  content_type_documented: "the Content-Type is documented for that status",
  response_schema: "the body is valid against the documented schema",
  response_headers: "the documented required response headers are present",
  response_signature: "the response hash or checksum verifies with the configured secret",
  positive_success:
    "a request built from a success example gets the documented success (2xx and business result)",
  credentials_accepted: "the target accepts the configured credentials for a positive case",
  signature_accepted: "the target accepts the request's hash or checksum computed with the configured secret",
  negative_rejected: "a request breaking one rule gets a documented refusal, never a success",
  flow: "a multi-step flow behaves as the interface describes",
  webhook_signature: "a received webhook's Authorization verifies over the raw body",
  webhook_payload: "a received webhook's body is valid against the payload schema",
  webhook_retry: "a webhook answered non-200 is delivered again",
  request_valid: "a recorded request matches its operation's parameters and body schema",
  drift: "properties the schema does not declare (warning only)",
} as const;
export type CheckName = keyof typeof CHECKS;

/** One finding of one check. */
export interface Finding {
  check: CheckName;
  ok: boolean;
  /** Warnings never fail a run (drift). */
  warning?: boolean;
  pointer?: string;
  expected?: string;
  actual?: string;
  message?: string;
}

/** A recorded request and response. */
export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response: { status: number; headers: Record<string, string>; body: string };
}

/** Secrets the response-signature check may use. */
export interface CheckSecrets {
  salt?: string;
  walletSecret?: string;
}

/**
 * The secrets the response-signature check uses, from a target's configuration names (only those that are set).
 *
 * @example
 * checkExchange(specs, op, exchange, checkSecrets(target.creds));
 */
export function checkSecrets(creds: Readonly<Record<string, string | undefined>>): CheckSecrets {
  return {
    ...(creds.PGI_SALT ? { salt: creds.PGI_SALT } : {}),
    ...(creds.PGI_WALLET_SECRET ? { walletSecret: creds.PGI_WALLET_SECRET } : {}),
  };
}

const fail = (check: CheckName, f: Omit<Finding, "check" | "ok">): Finding => ({ check, ok: false, ...f });
const pass = (check: CheckName): Finding => ({ check, ok: true });

function describeAjv(e: ErrorObject): Finding {
  const missing =
    e.keyword === "required" ? `/${(e.params as { missingProperty: string }).missingProperty}` : "";
  return fail("response_schema", {
    pointer: `${e.instancePath}${missing}` || "/",
    expected: `${e.keyword}${e.params && e.keyword !== "required" ? ` ${JSON.stringify(e.params)}` : ""}`,
    actual: e.message ?? "invalid",
  });
}

function parseBody(type: string, text: string): unknown {
  if (type.includes("json")) return text.length ? JSON.parse(text) : undefined;
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/** Properties present in `value` that `schema` does not declare (open objects only), one level of nesting. */
function drift(doc: unknown, schema: unknown, value: unknown, pointer: string, depth = 0): string[] {
  const s = deref(doc, schema) as Record<string, unknown> | undefined;
  if (!s || depth > 3 || !value || typeof value !== "object" || Array.isArray(value)) return [];
  for (const key of ["oneOf", "anyOf"]) if (s[key]) return [];
  const props = (s.properties ?? {}) as Record<string, unknown>;
  if (!s.properties || s.additionalProperties === false) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(k in props)) out.push(`${pointer}/${k}`);
    else out.push(...drift(doc, props[k], v, `${pointer}/${k}`, depth + 1));
  }
  return out;
}

/**
 * Runs every response check on one exchange of `op`.
 *
 * @example
 * const findings = checkExchange(specs, op, exchange, { salt });
 * findings.filter((f) => !f.ok && !f.warning);
 */
export function checkExchange(
  specs: SpecSet,
  op: Operation,
  ex: Exchange,
  secrets: CheckSecrets = {},
): Finding[] {
  const out: Finding[] = [];
  const { status, headers, body } = ex.response;
  out.push(
    status >= 500
      ? fail("not_a_server_error", { expected: "< 500", actual: String(status), message: body.slice(0, 200) })
      : pass("not_a_server_error"),
  );
  const documented =
    op.responses.get(String(status)) ??
    op.responses.get(`${String(status)[0]}XX`) ??
    op.responses.get("default");
  if (!documented) {
    out.push(
      fail("status_code_documented", {
        expected: [...op.responses.keys()].join(", "),
        actual: String(status),
      }),
    );
    return out;
  }
  out.push(pass("status_code_documented"));
  const missingHeaders = documented.requiredHeaders.filter((h) => headers[h] === undefined);
  out.push(
    missingHeaders.length
      ? fail("response_headers", { expected: missingHeaders.join(", "), actual: "absent" })
      : pass("response_headers"),
  );
  const type = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (documented.media.size === 0) {
    out.push(body.length === 0 ? pass("content_type_documented") : pass("content_type_documented"));
    return out;
  }
  if (!documented.media.has(type)) {
    out.push(
      fail("content_type_documented", {
        expected: [...documented.media.keys()].join(" or "),
        actual: type || "(none)",
      }),
    );
    return out;
  }
  out.push(pass("content_type_documented"));
  let value: unknown;
  try {
    value = parseBody(type, body);
  } catch (error) {
    out.push(
      fail("response_schema", {
        pointer: "/",
        expected: `parseable ${type}`,
        actual: (error as Error).message,
      }),
    );
    return out;
  }
  const validate = documented.media.get(type);
  if (validate) {
    if (validate(value)) out.push(pass("response_schema"));
    else out.push(...(validate.errors ?? []).map(describeAjv));
    for (const b of contentBreaks(specs, op.host, documented.schemas.get(type), value)) {
      out.push(fail("response_schema", b));
    }
    const doc = specs.docs.get(op.host);
    for (const pointer of drift(doc, documented.schemas.get(type), value, "")) {
      out.push({ check: "drift", ok: false, warning: true, pointer, message: "not declared by the schema" });
    }
  }
  out.push(...checkResponseSignature(op, ex, value, secrets));
  return out;
}

/** The response hash (gateway result.hash) or checksum (wallet) must verify, where the interface defines one. */
function checkResponseSignature(
  op: Operation,
  ex: Exchange,
  value: unknown,
  secrets: CheckSecrets,
): Finding[] {
  try {
    return responseSignature(op, ex, value, secrets);
  } catch (error) {
    // The answer lacks a field of the recipe (e.g. result.key): the hash cannot verify.
    return [
      fail("response_signature", { expected: "every field of the recipe", actual: (error as Error).message }),
    ];
  }
}

function responseSignature(op: Operation, ex: Exchange, value: unknown, secrets: CheckSecrets): Finding[] {
  if (!value || typeof value !== "object") return [];
  const v = value as Record<string, unknown>;
  if (op.host === "wallet" && typeof v.checksum === "string" && secrets.walletSecret) {
    const ok = verify("wallet-response-checksum", v as never, v.checksum, secrets.walletSecret);
    return [
      ok
        ? pass("response_signature")
        : fail("response_signature", {
            pointer: "/checksum",
            expected: "HMAC-SHA256 of 'messagecode''status''statuscode''statusdescription'",
            actual: "does not verify",
          }),
    ];
  }
  const result = v.result as Record<string, unknown> | undefined;
  if (op.host === "gateway" && result && typeof result.hash === "string" && secrets.salt) {
    const request = ex.request.body ? Object.fromEntries(new URLSearchParams(ex.request.body)) : {};
    const fields = paymentResponse.fieldsFor(result, request);
    const ok = verify("payment-response", fields as never, result.hash, secrets.salt);
    return [
      ok
        ? pass("response_signature")
        : fail("response_signature", {
            pointer: "/result/hash",
            expected: "sha512 of the payment-response recipe",
            actual: "does not verify",
          }),
    ];
  }
  return [];
}
