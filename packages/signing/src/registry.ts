// Scheme registry keyed by id, with generic sign/verify/verifyOrThrow dispatching to the scheme modules.
import { HashMismatchError, SignatureMismatchError, UnknownSchemeError } from "./errors.js";
import { SCHEME_IDS, type SchemeId } from "./generated/recipes.js";
import type { SignResult } from "./joined.js";
import type { Recipe } from "./recipe-types.js";
import type { SchemeFields } from "./scheme-types.js";
import * as mandateAuthorization from "./schemes/mandate-authorization.js";
import * as paymentRequest from "./schemes/payment-request.js";
import * as paymentResponse from "./schemes/payment-response.js";
import * as upiMandateRegistration from "./schemes/upi-mandate-registration.js";
import * as walletChecksum from "./schemes/wallet-checksum.js";
import * as walletResponseChecksum from "./schemes/wallet-response-checksum.js";
import type { RawBody, WebhookPayload, WebhookSignResult } from "./schemes/webhook-signature.js";
import * as webhookSignature from "./schemes/webhook-signature.js";

/** Ids of the schemes built by joining fields (everything except the webhook signature). */
export type JoinedSchemeId = Exclude<SchemeId, "webhook-signature">;

/** Every scheme module, keyed by id. */
export const schemes = {
  "mandate-authorization": mandateAuthorization,
  "payment-request": paymentRequest,
  "upi-mandate-registration": upiMandateRegistration,
  "payment-response": paymentResponse,
  "wallet-checksum": walletChecksum,
  "wallet-response-checksum": walletResponseChecksum,
  "webhook-signature": webhookSignature,
} as const satisfies { readonly [S in SchemeId]: { readonly id: S; readonly recipe: Recipe } };

/**
 * True when `id` names a scheme.
 *
 * @example
 * isSchemeId("payment-request") // => true
 */
export function isSchemeId(id: unknown): id is SchemeId {
  return typeof id === "string" && (SCHEME_IDS as readonly string[]).includes(id);
}

/**
 * Returns the scheme module of `id`, or throws {@link UnknownSchemeError}.
 *
 * @example
 * getScheme("wallet-checksum").recipe.algorithm // => "hmac-sha256"
 */
export function getScheme<S extends SchemeId>(id: S | string): (typeof schemes)[S] {
  if (!isSchemeId(id)) throw new UnknownSchemeError(String(id), SCHEME_IDS);
  return schemes[id as S];
}

/**
 * Signs with any scheme. Joined schemes return `{ digest, fields }`, the webhook `{ digest, body }`.
 *
 * @example
 * sign("wallet-response-checksum", { messagecode: "505", status: "SUCCESS", statuscode: "000", statusdescription: "ok" }, secret).digest
 */
export function sign(
  scheme: "webhook-signature",
  body: RawBody | WebhookPayload,
  secret: string,
): WebhookSignResult;
export function sign<S extends JoinedSchemeId>(
  scheme: S,
  fields: SchemeFields<S>,
  secret: string,
): SignResult;
export function sign(scheme: string, input: unknown, secret: string): SignResult | WebhookSignResult;
export function sign(scheme: string, input: unknown, secret: string): SignResult | WebhookSignResult {
  const module = getScheme(scheme);
  if (module.id === "webhook-signature") return module.sign(input as RawBody | WebhookPayload, secret);
  return module.sign(input as SchemeFields<JoinedSchemeId>, secret);
}

/**
 * Verifies with any scheme in constant time; for the webhook pass the RAW body and the Authorization header.
 *
 * @example
 * verify("payment-response", result, result.hash, salt) // => true | false
 */
export function verify(
  scheme: "webhook-signature",
  rawBody: RawBody,
  header: string | null | undefined,
  secret: string,
): boolean;
export function verify<S extends JoinedSchemeId>(
  scheme: S,
  fields: SchemeFields<S>,
  received: string | null | undefined,
  secret: string,
): boolean;
export function verify(
  scheme: string,
  input: unknown,
  received: string | null | undefined,
  secret: string,
): boolean;
export function verify(
  scheme: string,
  input: unknown,
  received: string | null | undefined,
  secret: string,
): boolean {
  const module = getScheme(scheme);
  if (module.id === "webhook-signature") return module.verify(input as RawBody, received, secret);
  return module.verify(input as SchemeFields<JoinedSchemeId>, received, secret);
}

/**
 * Like {@link verify}, but throws {@link HashMismatchError} (SHA-512 schemes) or
 * {@link SignatureMismatchError} (HMAC schemes) on a mismatch.
 *
 * @example
 * verifyOrThrow("webhook-signature", rawBody, req.headers.authorization, secret);
 */
export function verifyOrThrow(
  scheme: string,
  input: unknown,
  received: string | null | undefined,
  secret: string,
): void {
  if (verify(scheme, input, received, secret)) return;
  const id = getScheme(scheme).id;
  throw getScheme(scheme).recipe.algorithm === "sha512"
    ? new HashMismatchError(id)
    : new SignatureMismatchError(id);
}
