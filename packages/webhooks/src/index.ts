// Public entry of @pgi/webhooks: receive merchant status webhooks, verified, validated, de-duplicated, answered in time.
export { BODY_LIMIT, createFetchHandler, createMiddleware, createNodeHandler } from "./adapters.js";
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
export {
  createWebhookHandler,
  type EventMeta,
  type WebhookAnswer,
  type WebhookHandler,
  type WebhookHandlerOptions,
} from "./handler.js";
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from "./memory-store.js";
export { duplicateKey, payloadViolations, RETRY_WINDOW_MS } from "./payload.js";
export type { ClaimResult, DedupStore } from "./store.js";
