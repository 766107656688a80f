// Options of the webhook handler: their types, defaults and the checks that name a bad option and its rule.
import { ConfigurationError, type LateFailureError, type WebhookError } from "./errors.js";
import { DELIVERY_RULE, type MerchantStatusWebhook } from "./generated/contract.js";
import { createMemoryStore } from "./memory-store.js";
import { RETRY_WINDOW_MS } from "./payload.js";
import type { DedupStore } from "./store.js";

/** What onEvent gets besides the event. */
export interface EventMeta {
  /** The event's duplicate key (see duplicateKey()). */
  key: string;
  /** The body as received, for an exact copy (JSON.parse rounds integers past 2^53; the signature covers digits). */
  rawBody: string;
}

/** Options of createWebhookHandler() and of the adapters. */
export interface WebhookHandlerOptions {
  /** The partner's client secret (PGI_WEBHOOK_SECRET). */
  secret: string;
  /** Called once per event. Throwing (or rejecting) before `ackAfterMs` answers 500 so the sender retries. */
  onEvent: (event: MerchantStatusWebhook, meta: EventMeta) => unknown;
  /** Default: an in-memory store (one instance). Several instances: createRedisStore from @pgi/webhooks/redis. */
  store?: DedupStore;
  /** Answer 200 after this many ms even if onEvent is still running (it carries on). Default 20 s (< 30 s limit). */
  ackAfterMs?: number;
  /**
   * Lease of a claim, renewed every third of it while onEvent runs (also after the early 200). If the instance
   * dies, its claim expires after at most this long and the sender's next retry processes the event. Default 10 s.
   */
  claimLeaseMs?: number;
  /** How long a completed event is remembered. Default 24 h; never less than the sender's whole retry window. */
  dedupTtlMs?: number;
  /** A store call taking longer than this counts as the store being unreachable. Default 5 s. */
  storeTimeoutMs?: number;
  /**
   * Called when onEvent fails after the early 200 (the sender will not retry): persist the event there.
   * Default: the failure is written to stderr with the event's duplicate key.
   */
  onLateFailure?: (event: MerchantStatusWebhook, error: LateFailureError) => unknown;
  /**
   * The logger hook: told about every other failure (callback failed with its cause, store unreachable, claim lost,
   * an unexpected error), with the event when there is one. Answers never carry these details.
   */
  onError?: (error: WebhookError, event?: MerchantStatusWebhook) => unknown;
}

/** The options with defaults applied and checked. */
export interface ResolvedOptions {
  secret: string;
  onEvent: WebhookHandlerOptions["onEvent"];
  store: DedupStore;
  ackAfterMs: number;
  claimLeaseMs: number;
  dedupTtlMs: number;
  storeTimeoutMs: number;
  onLateFailure: WebhookHandlerOptions["onLateFailure"];
  onError: WebhookHandlerOptions["onError"];
}

const LIMIT_MS = DELIVERY_RULE.answerWithinSeconds * 1000;

function ms(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const v = value ?? fallback;
  if (typeof v !== "number" || !Number.isFinite(v) || v < min || v >= max) {
    const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `from ${min} to under ${max}`;
    throw new ConfigurationError(name, `must be a number of ms ${range}, got ${String(value)}`);
  }
  return v;
}

/**
 * Applies the defaults and checks every option, throwing a ConfigurationError that names the option and the rule.
 *
 * @example
 * resolveOptions({ secret, onEvent, claimLeaseMs: 5 }) // throws "claimLeaseMs: must be a number of ms at least 10, got 5"
 */
export function resolveOptions(options: WebhookHandlerOptions): ResolvedOptions {
  if (typeof options?.secret !== "string" || options.secret === "") {
    throw new ConfigurationError(
      "secret",
      "is required: pass the partner's client secret (PGI_WEBHOOK_SECRET)",
    );
  }
  if (typeof options.onEvent !== "function") {
    throw new ConfigurationError("onEvent", "must be a function called once per event");
  }
  if ("leaseMs" in options) throw new ConfigurationError("leaseMs", "was renamed claimLeaseMs");
  const store = options.store ?? createMemoryStore();
  for (const method of ["claim", "renew", "complete", "release"] as const) {
    if (typeof store?.[method] !== "function") {
      throw new ConfigurationError(
        `store.${method}`,
        "must be a function (a DedupStore: createMemoryStore or createRedisStore)",
      );
    }
  }
  for (const hook of ["onLateFailure", "onError"] as const) {
    if (options[hook] !== undefined && typeof options[hook] !== "function") {
      throw new ConfigurationError(hook, "must be a function when given");
    }
  }
  return {
    secret: options.secret,
    onEvent: options.onEvent,
    store,
    ackAfterMs: ms("ackAfterMs", options.ackAfterMs, 20_000, 0, LIMIT_MS),
    claimLeaseMs: ms("claimLeaseMs", options.claimLeaseMs, 10_000, 10, Number.POSITIVE_INFINITY),
    dedupTtlMs: Math.max(
      ms("dedupTtlMs", options.dedupTtlMs, 86_400_000, 0, Number.POSITIVE_INFINITY),
      RETRY_WINDOW_MS,
    ),
    storeTimeoutMs: ms("storeTimeoutMs", options.storeTimeoutMs, 5_000, 1, LIMIT_MS),
    onLateFailure: options.onLateFailure,
    onError: options.onError,
  };
}
