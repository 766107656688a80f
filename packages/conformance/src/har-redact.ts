// Reproduce lines for recorded traffic: credentials as $PGI_* references and one-time secrets masked, configured or not.
import type { Exchange } from "./checks.js";
import { maskText, type RequestLine, reproduceLine, secretsOf } from "./reproduce.js";
import { authorizationName, type Target } from "./request-builder.js";
import type { Operation } from "./spec-set.js";

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

/**
 * The reproduce line of a recorded exchange and a masker for texts quoting it: the Authorization header becomes
 * the host's `$PGI_*` reference (whatever its value, configured or not), the merchant key `$PGI_MERCHANT_KEY`,
 * and OTP codes and tokens in the body `<redacted>`.
 *
 * @example
 * const { line, mask } = recordedLine(op, exchange, target);
 */
export function recordedLine(
  op: Operation,
  ex: Exchange,
  target: Target,
): { line: string; mask: (text: string) => string } {
  const creds = { ...target.creds };
  const oneTime: string[] = [];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.request.headers)) {
    if (name.toLowerCase() !== "authorization" || value === "") {
      headers[name] = value;
      continue;
    }
    const variable = authorizationName(op.host);
    const bearer = /^bearer\s+/i.exec(value);
    const secret = bearer && variable !== "PGI_OTP_AUTHORIZATION" ? value.slice(bearer[0].length) : value;
    if (variable) creds[variable] = secret;
    else oneTime.push(secret);
    headers[name] = variable ? value : REDACTED;
  }
  const type = ex.request.headers["content-type"] ?? "";
  let body = ex.request.body;
  if (body !== undefined) {
    body = redactBody(body, type, oneTime);
    if (op.host === "gateway") {
      const key = new URLSearchParams(ex.request.body).get("key");
      if (key) creds.PGI_MERCHANT_KEY = key;
    }
  }
  const request: RequestLine = {
    method: ex.request.method,
    url: ex.request.url,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
  const secrets = secretsOf({ creds });
  const mask = (text: string) => {
    let out = maskText(text, secrets);
    for (const value of oneTime) if (value !== "") out = out.split(value).join(REDACTED);
    return out;
  };
  return { line: mask(reproduceLine(request, { creds })), mask };
}
