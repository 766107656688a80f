// Public entry of @pgi/webhooks: receive merchant status webhooks, verified, validated, de-duplicated, answered in time.
export { BODY_LIMIT, createFetchHandler, createMiddleware, createNodeHandler } from "./adapters.js";
export { RawBodyRequiredError, StoreUnavailableError, WebhookError } from "./errors.js";
export { DELIVERY_RULE, type MerchantStatusWebhook, PAYLOAD_SCHEMA } from "./generated/contract.js";
export {
  createWebhookHandler,
  duplicateKey,
  RETRY_WINDOW_MS,
  type WebhookAnswer,
  type WebhookHandler,
  type WebhookHandlerOptions,
} from "./handler.js";
export { createMemoryStore, type MemoryStoreOptions } from "./memory-store.js";
export type { ClaimResult, DedupStore } from "./store.js";
