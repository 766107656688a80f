// Hides secrets in everything the proxy writes: configured secret values, credential headers, issued tokens.
import { bodyCredentialFields, configName, HOSTS, secretsOf } from "../config/configuration.js";
import type { Target } from "../model/target.js";

/** The configuration names of secrets sent in request bodies (the merchant key): a HAR keeps them for `validate`. */
const BODY_SECRET_NAMES = new Set(
  HOSTS.flatMap((h) => bodyCredentialFields(h).map(([, field]) => configName(field))),
);
/** Headers that carry credentials. */
export const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
/** Body fields that carry issued credentials (JSON keys or form names). */
const SECRET_FIELDS = new Set([
  "access_token",
  "refresh_token",
  "token",
  "client_secret",
  "password",
  "salt",
  "secret",
]);

/** A JSON member of a token-like field whose value is a string (escapes included); the rest of the text is kept. */
const JSON_SECRET = new RegExp(`"(${[...SECRET_FIELDS].join("|")})"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`, "gi");

/** A function that masks every configured secret in a text. */
export type Masker = (text: string) => string;

/**
 * Builds a masker from the target's credentials: every secret value of 4 characters or more becomes `****`. With
 * `merchantKey`, the merchant key too (printed output; a HAR keeps it, as `validate` needs it for result.hash).
 *
 * @example
 * const mask = masker(target);
 * mask(`salt ${target.credentials.salt}`); // "salt ****"
 */
export function masker(target: Target, options: { merchantKey?: boolean } = {}): Masker {
  const secrets = secretsOf(target.credentials)
    .filter(([name, v]) => v.length >= 4 && (options.merchantKey || !BODY_SECRET_NAMES.has(name)))
    .map(([, v]) => v);
  return (text) => {
    let out = text;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join("****");
    return out;
  };
}

/**
 * A credential header's value masked, keeping its scheme word (`Bearer ****`).
 *
 * @example
 * maskHeader("authorization", "Bearer abc.def"); // "Bearer ****"
 */
export function maskHeader(name: string, value: string): string {
  if (!CREDENTIAL_HEADERS.has(name.toLowerCase())) return value;
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value)?.[1];
  return scheme ? `${scheme} ****` : "****";
}

/**
 * A body with issued credentials masked: JSON string values and form values of token-like fields become `****`
 * (a non-empty string, so the schema still holds). Other media types are returned as they are.
 *
 * @example
 * maskBody('{"access_token":"zHsq…"}', "application/json"); // '{"access_token":"****"}'
 * // every other byte of the body is kept as it was
 */
export function maskBody(text: string, mediaType: string): string {
  if (mediaType.includes("json"))
    return text.replace(JSON_SECRET, (whole, key: string, value: string) =>
      value === "" ? whole : `"${key}":"****"`,
    );
  if (mediaType === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(text);
    let changed = false;
    for (const [k, v] of form) if (SECRET_FIELDS.has(k.toLowerCase()) && v !== "") changed = true;
    if (!changed) return text;
    for (const k of [...form.keys()])
      if (SECRET_FIELDS.has(k.toLowerCase()) && form.get(k)) form.set(k, "****");
    return form.toString();
  }
  return text;
}
