// Redaction for logs: secrets, hashes, OTPs, tokens, card and mobile numbers are masked in every logged value.

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
    "authorization",
    "access_token",
    "secret",
    "cvv",
  ].map((s) => s.toLowerCase()),
);

const CARD = /\b\d{13,19}\b/g;
const MOBILE = /\b[6-9]\d{9}\b/g;

/** Masks card-like and mobile-like digit runs in free text, and any of `secrets`. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("****");
  return out
    .replace(CARD, (m) => `${"*".repeat(m.length - 4)}${m.slice(-4)}`)
    .replace(MOBILE, (m) => `******${m.slice(-4)}`);
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
        SECRET_NAMES.has(k.toLowerCase()) ? "****" : redact(v, secrets, depth + 1),
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
