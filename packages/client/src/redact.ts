// Redaction for logs: secret fields and headers by name, card numbers (length and Luhn check), mobile numbers and
// configured credential values; identifiers (transaction and reference ids) pass through.

/** Field and header names whose values are always masked (compared case-insensitively). */
export const SECRET_NAMES = new Set(
  [
    "salt",
    "key",
    "hash",
    "checksum",
    "otp",
    "token",
    "token_value",
    "tavv",
    "cres",
    "cvv",
    "pin",
    "password",
    "secret",
    "client_secret",
    "access_token",
    "refresh_token",
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
    "x-api-key",
  ].map((s) => s.toLowerCase()),
);

/** Field names that hold identifiers (txnid, mihpayid, referenceId, linkId, merchant_uuid...): never read as cards. */
const IDENTIFIER_NAME = /(id|uuid)$/i;

/** 13 to 19 digits, optionally grouped by single spaces or dashes, standing alone (not inside an identifier). */
const CARD_CANDIDATE = /(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g;
const MOBILE = /(?<![\w-])[6-9]\d{9}(?![\w-])/g;

/**
 * The Luhn (mod 10) check every payment card number passes.
 *
 * @example
 * luhnValid("4895370012003478"); // true
 * luhnValid("1234567890125909"); // false
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Masks every digit but the last four, keeping the separators. */
function maskCard(candidate: string): string {
  let keep = 4;
  return candidate
    .split("")
    .reverse()
    .map((c) => (c < "0" || c > "9" ? c : keep-- > 0 ? c : "*"))
    .reverse()
    .join("");
}

/**
 * Masks card numbers (13-19 digits passing the Luhn check), mobile numbers and any of `secrets` in free text.
 *
 * @example
 * redactText("card 4895370012003478 for T-1234567890125909"); // "card ************3478 for T-1234567890125909"
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("****");
  return out
    .replace(CARD_CANDIDATE, (m) => {
      const digits = m.replace(/[ -]/g, "");
      return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? maskCard(m) : m;
    })
    .replace(MOBILE, (m) => `******${m.slice(-4)}`);
}

/** Masks only the configured secrets: for identifier fields, whose digits are data, not card or mobile numbers. */
function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("****");
  return out;
}

/**
 * Returns a copy of `value` with secret fields masked, recursing into objects, arrays and JSON strings.
 *
 * @example
 * redact({ key: "Jx7Kq2", amount: "1.00", authentication_info: '{"cres":"abc"}' });
 * // { key: "****", amount: "1.00", authentication_info: '{"cres":"****"}' }
 */
export function redact(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 20) return "…";
  if (typeof value === "string") {
    const t = value.trim();
    if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
      try {
        return JSON.stringify(redact(JSON.parse(t), secrets, depth + 1));
      } catch {
        // not JSON: fall through
      }
    }
    return redactText(value, secrets);
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_NAMES.has(k.toLowerCase())
          ? "****"
          : IDENTIFIER_NAME.test(k) && (typeof v === "string" || typeof v === "number")
            ? typeof v === "string"
              ? redactSecrets(v, secrets)
              : v
            : redact(v, secrets, depth + 1),
      ]),
    );
  }
  return value;
}

/** Redacts a form or JSON body given as text. */
export function redactBody(
  body: string | undefined,
  contentType: string | null,
  secrets: readonly string[],
): unknown {
  if (body === undefined || body === "") return undefined;
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return redact(Object.fromEntries(new URLSearchParams(body)), secrets);
  }
  try {
    return redact(JSON.parse(body), secrets);
  } catch {
    return redactText(body, secrets);
  }
}

/**
 * A copy of a caught error safe to attach as `cause`: same name and code, message (and its own cause) redacted.
 *
 * @example
 * new TransportError("…", {}, { cause: safeCause(error, ["s3cret-token"]) });
 */
export function safeCause(error: unknown, secrets: readonly string[] = [], depth = 0): Error {
  const e = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(
    redactText(e.message, secrets),
    depth < 3 && e.cause !== undefined ? { cause: safeCause(e.cause, secrets, depth + 1) } : undefined,
  );
  copy.name = e.name;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code });
  return copy;
}
