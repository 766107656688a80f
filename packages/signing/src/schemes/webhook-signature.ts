// Merchant status webhook signature: HMAC-SHA256 of the body's sorted key-value canonical form.
/**
 * Canonical form (recipe `webhook-signature` of specs/shared/signatures.yaml):
 *
 * 1. The body must be a JSON object whose values are all strings, integers, booleans or null.
 *    Arrays, objects, non-integer numbers (1.5, 1e3), duplicate keys and a non-object top level
 *    are rejected with a {@link CanonicalFormError} naming the key.
 * 2. Take every top-level key and sort the keys by UTF-16 code unit (JavaScript's default sort).
 * 3. Write each key immediately followed by its value, with no separators:
 *    strings as they are (escapes decoded), integers exactly as written in the raw body
 *    (so `"mid":12345678901234567890` keeps all its digits), `true`/`false`, and null as "".
 * 4. The signature is the lowercase hex HMAC-SHA256 of that string, keyed with the client's
 *    signing secret, sent bare in the `Authorization` header.
 *
 * `verify` needs the raw body (string or bytes): a parsed object is refused with
 * {@link RawBodyRequiredError}, because re-serialising cannot reproduce the bytes that were signed.
 */
import {
  bodyText,
  type CanonicalEntry,
  canonicalString,
  entriesFromObject,
  entriesFromText,
  serialiseFlat,
} from "../canonical.js";
import { constantTimeEqual, decodeReceived, digestBytes, digestHex } from "../digest.js";
import { CanonicalFormError, MissingSignatureError, RawBodyRequiredError } from "../errors.js";
import { RECIPES } from "../generated/recipes.js";
import { checkSecret } from "../joined.js";

/** Scheme id. */
export const id = "webhook-signature";
/** The generated recipe this module interprets. */
export const recipe = RECIPES[id];
const plan = { scheme: id, secretKind: recipe.secret } as const;
if (recipe.format !== "sorted-key-value") throw new Error(`${id}: expected a sorted-key-value recipe`);

/** A raw webhook body as received: text or bytes. */
export type RawBody = string | Uint8Array;
/** A webhook payload as a JS object (signing only). */
export type WebhookPayload = { readonly [key: string]: unknown };

/** Result of signing a webhook: the digest for `Authorization`, and the body to send. */
export interface WebhookSignResult {
  readonly digest: string;
  /** The exact body text the digest covers (the raw body given, or the JSON serialisation of the object). */
  readonly body: string;
}

function isRaw(body: unknown): body is RawBody {
  return typeof body === "string" || body instanceof Uint8Array;
}

/**
 * Canonical entries (in body order) of a raw body or payload object.
 *
 * @example
 * entries('{"b":1,"a":"x"}').map((e) => e.key) // => ["b", "a"]
 */
export function entries(body: RawBody | WebhookPayload): CanonicalEntry[] {
  if (isRaw(body)) return entriesFromText(id, bodyText(id, body));
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new CanonicalFormError(
      id,
      undefined,
      "body must be a JSON object (raw text, bytes, or a plain object).",
    );
  }
  return entriesFromObject(id, body);
}

/**
 * The canonical string the HMAC is computed over (contains no secret).
 *
 * @example
 * canonicalForm('{"remarks":"NA","mid":5123456}') // => "mid5123456remarksNA"
 */
export function canonicalForm(body: RawBody | WebhookPayload): string {
  return canonicalString(id, entries(body), false);
}

/**
 * Signs a webhook body. Given raw text or bytes, the number literals are kept exactly as written;
 * given an object, integers are written with String(n) (bigint with toString) and the returned
 * `body` is the JSON to send.
 *
 * @example
 * const { digest, body } = sign({ current_status: "Approved", mid: 5123456 }, secret);
 * await fetch(url, { method: "POST", body, headers: { Authorization: digest, "Content-Type": "application/json" } });
 */
export function sign(body: RawBody | WebhookPayload, secret: string): WebhookSignResult {
  checkSecret(plan, secret);
  const list = entries(body);
  const text = isRaw(body) ? bodyText(id, body) : serialiseFlat(list);
  return { digest: digestHex("hmac-sha256", canonicalString(id, list, false), secret), body: text };
}

/**
 * Verifies the `Authorization` header of a received webhook in constant time. Returns false on a
 * mismatch; throws a typed error when the body is not raw, the header is missing or malformed,
 * or the body has no canonical form.
 *
 * @example
 * app.post("/webhook", express.raw({ type: "application/json" }), (req, res) => {
 *   if (!verify(req.body, req.get("Authorization"), process.env.PGI_SIGNING_SECRET!)) return res.sendStatus(401);
 *   res.sendStatus(204);
 * });
 */
export function verify(
  rawBody: RawBody,
  signatureHeader: string | null | undefined,
  secret: string,
): boolean {
  checkSecret(plan, secret);
  if (!isRaw(rawBody)) {
    if (rawBody !== null && typeof rawBody === "object") throw new RawBodyRequiredError(id);
    throw new CanonicalFormError(
      id,
      undefined,
      `body is a ${rawBody === null ? "null" : typeof rawBody}; pass the raw request body.`,
    );
  }
  const header = typeof signatureHeader === "string" ? signatureHeader.trim() : signatureHeader;
  if (header === undefined || header === null || header === "") {
    throw new MissingSignatureError(id, recipe.carrier.name);
  }
  const received = decodeReceived(header, "hmac-sha256", id, recipe.carrier.name);
  const text = typeof rawBody === "string" ? rawBody : bodyText(id, rawBody);
  const canonical = canonicalString(id, entriesFromText(id, text), false);
  return constantTimeEqual(digestBytes("hmac-sha256", canonical, secret), received);
}
