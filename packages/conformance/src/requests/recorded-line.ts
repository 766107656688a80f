// Reproduce lines of recorded traffic: credentials as $PGI_* references, one-time secrets masked, configured or not.
import { authorizationField, bodyCredentialFields, isSecret, secretsOf } from "../config/configuration.js";
import type { Exchange } from "../model/finding.js";
import type { Credentials, Target } from "../model/target.js";
import type { Operation } from "../spec/spec-set.js";
import { maskText, type RequestLine, reproduceLine } from "./reproduce.js";

/** Body fields that hold a one-time secret with no configuration name: shown as `<redacted>`. */
const ONE_TIME_FIELDS = new Set([
  "otp",
  "otp[code]",
  "token",
  "access_token",
  "refresh_token",
  "client_secret",
]);
const REDACTED = "<redacted>";

function redactBody(body: string, type: string, found: string[]): string {
  if (type.includes("x-www-form-urlencoded")) {
    const params = new URLSearchParams(body);
    for (const [k, v] of [...params]) {
      if (ONE_TIME_FIELDS.has(k) && v !== "") {
        found.push(v);
        params.set(k, REDACTED);
      }
    }
    return params.toString();
  }
  if (type.includes("json")) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return body;
      const copy = { ...(parsed as Record<string, unknown>) };
      for (const k of Object.keys(copy)) {
        if (ONE_TIME_FIELDS.has(k) && copy[k] !== null && copy[k] !== "") {
          found.push(String(copy[k]));
          copy[k] = REDACTED;
        }
      }
      return JSON.stringify(copy);
    } catch {
      return body;
    }
  }
  return body;
}

/** The secret credentials a recorded request carries in its body (the merchant key), by their fields. */
function bodySecrets(op: Operation, ex: Exchange, credentials: Credentials): void {
  if (ex.request.body === undefined) return;
  const type = ex.request.headers["content-type"] ?? "";
  let fields: Record<string, unknown> = {};
  try {
    fields = type.includes("json")
      ? (JSON.parse(ex.request.body) as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(ex.request.body));
  } catch {
    return; // not parseable: nothing to take from it
  }
  for (const [bodyField, field] of bodyCredentialFields(op.host)) {
    const value = fields?.[bodyField];
    if (isSecret(field) && typeof value === "string" && value !== "") credentials[field] = value;
  }
}

/**
 * The reproduce line of a recorded exchange and a masker for texts quoting it: the Authorization header becomes
 * the host's `$PGI_*` reference (whatever its value, configured or not), a secret body field such as the merchant
 * key its own reference, and OTP codes and tokens in the body `<redacted>`.
 *
 * @example
 * const { line, mask } = recordedLine(op, exchange, target);
 */
export function recordedLine(
  op: Operation,
  ex: Exchange,
  target: Target,
): { line: string; mask: (text: string) => string } {
  const credentials: Credentials = { ...target.credentials };
  const oneTime: string[] = [];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.request.headers)) {
    if (name.toLowerCase() !== "authorization" || value === "") {
      headers[name] = value;
      continue;
    }
    const field = authorizationField(op.host);
    const bearer = /^bearer\s+/i.exec(value);
    const secret = bearer && op.authorization !== "raw" ? value.slice(bearer[0].length) : value;
    if (field) credentials[field] = secret;
    else oneTime.push(secret);
    headers[name] = field ? value : REDACTED;
  }
  const type = ex.request.headers["content-type"] ?? "";
  const body = ex.request.body === undefined ? undefined : redactBody(ex.request.body, type, oneTime);
  bodySecrets(op, ex, credentials);
  const request: RequestLine = {
    method: ex.request.method,
    url: ex.request.url,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
  const secrets = secretsOf(credentials);
  const mask = (text: string) => {
    let out = maskText(text, secrets);
    for (const value of oneTime) if (value !== "") out = out.split(value).join(REDACTED);
    return out;
  };
  return { line: mask(reproduceLine(request, credentials)), mask };
}
