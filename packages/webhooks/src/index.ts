// Public entry of @pgi/webhooks: receive merchant status webhooks, verified, validated, de-duplicated, answered in time.
export { BODY_LIMIT, createFetchHandler, createMiddleware, createNodeHandler } from "./adapters.js";
export type { WebhookAnswer } from "./answers.js";
export {
  CallbackFailedError,
  ClaimLostError,
  ConfigurationError,
  LateFailureError,
  RawBodyRequiredError,
  StoreUnavailableError,
  WebhookError,
} from "./errors.js";
export { DELIVERY_RULE, type MerchantStatusWebhook, PAYLOAD_SCHEMA } from "./generated/contract.js";
export { createWebhookHandler, type WebhookHandler } from "./handler.js";
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from "./memory-store.js";
export type { EventMeta, WebhookHandlerOptions } from "./options.js";
export { duplicateKey, payloadViolations, RETRY_WINDOW_MS } from "./payload.js";
export type { ClaimResult, DedupStore } from "./store.js";
