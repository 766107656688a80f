// Public entry of @pgi/signing: every hash, checksum and webhook signature of the gateway interface.
export type { CanonicalEntry } from "./canonical.js";
export { detectScheme, type ResponseDigest, responseDigest } from "./detect-scheme.js";
export { HEX_LENGTH } from "./digest.js";
export * from "./errors.js";
export {
  type Candidate,
  type Diagnosis,
  type ExplainedPart,
  type ExplainOptions,
  type Explanation,
  explain,
} from "./explain.js";
export { type FieldPolicy, fieldPolicy, JSON_IN_FORM_FIELDS, MAY_BE_EMPTY } from "./field-policy.js";
export { formula } from "./formula.js";
export { RECIPES, SCHEME_IDS, type SchemeId } from "./generated/recipes.js";
export type { FieldInput, Fields, SignResult } from "./joined.js";
export { maskSecret, SALT_PLACEHOLDER, SIGNING_SECRET_PLACEHOLDER } from "./mask.js";
export type { Algorithm, Recipe, RecipePart, SecretKind } from "./recipe-types.js";
export {
  getScheme,
  isSchemeId,
  type JoinedSchemeId,
  schemes,
  sign,
  verify,
  verifyOrThrow,
} from "./registry.js";
export type { SchemeFieldName, SchemeFields } from "./scheme-types.js";
export * as mandateAuthorization from "./schemes/mandate-authorization.js";
export * as paymentRequest from "./schemes/payment-request.js";
export * as paymentResponse from "./schemes/payment-response.js";
export * as upiMandateRegistration from "./schemes/upi-mandate-registration.js";
export * as walletChecksum from "./schemes/wallet-checksum.js";
export * as walletResponseChecksum from "./schemes/wallet-response-checksum.js";
export type { RawBody, WebhookPayload, WebhookSignResult } from "./schemes/webhook-signature.js";
export * as webhookSignature from "./schemes/webhook-signature.js";
