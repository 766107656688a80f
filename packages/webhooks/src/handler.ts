// The receiving core: verify the signature over the raw body, validate, de-duplicate, call back once, answer in time.
import { webhookSignature } from "@pgi/signing";
import {
  CallbackFailedError,
  ClaimLostError,
  ConfigurationError,
  LateFailureError,
  StoreUnavailableError,
  type WebhookError,
} from "./errors.js";
import { DELIVERY_RULE, type MerchantStatusWebhook } from "./generated/contract.js";
import { createMemoryStore } from "./memory-store.js";
import { duplicateKey, payloadViolations, RETRY_WINDOW_MS } from "./payload.js";
import type { ClaimResult, DedupStore } from "./store.js";

/** What the handler answers. */
export interface WebhookAnswer {
  status: number;
  body: { ok: boolean; duplicate?: boolean; error?: string; message?: string; violations?: string[] };
}

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
   * Lease of a claim while onEvent runs, renewed every third of it; if the instance dies, the claim expires after
   * it and a retry processes the event. Default the sender's answer limit (30 s).
   */
  leaseMs?: number;
  /** How long a processed key is remembered. Default 24 h; never less than the sender's whole retry window. */
  dedupTtlMs?: number;
  /** A store call taking longer than this counts as the store being unreachable. Default 5 s. */
  storeTimeoutMs?: number;
  /**
   * Called when onEvent fails after the early 200 (the sender will not retry): persist the event there.
   * Default: the failure is written to stderr with the event's duplicate key.
   */
  onLateFailure?: (event: MerchantStatusWebhook, error: LateFailureError) => unknown;
  /** Told about every other failure (callback failed, store unreachable, claim lost), for logs and metrics. */
  onError?: (error: WebhookError, event: MerchantStatusWebhook) => unknown;
}

/** The receiving core; the adapters (node:http, middleware, Fetch) only move bytes in and out. */
export interface WebhookHandler {
  /** Answers one delivery: its raw body as received and its Authorization header. Never throws. */
  handle(rawBody: string | Uint8Array, signature: string | null | undefined): Promise<WebhookAnswer>;
}

const refuse = (status: number, error: string, message: string, violations?: string[]): WebhookAnswer => ({
  status,
  body: { ok: false, error, message, ...(violations ? { violations } : {}) },
});
const OK: WebhookAnswer = { status: 200, body: { ok: true } };
const DUPLICATE: WebhookAnswer = { status: 200, body: { ok: true, duplicate: true } };
const LIMIT_MS = DELIVERY_RULE.answerWithinSeconds * 1000;

function check(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const v = value ?? fallback;
  if (typeof v !== "number" || !Number.isFinite(v) || v < min || v >= max) {
    const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `from ${min} to under ${max}`;
    throw new ConfigurationError(name, `must be a number of ms ${range}, got ${String(value)}`);
  }
  return v;
}

/** Checks the signature, then the JSON, then the schema: an event, or the 4xx answer that names what failed. */
function verified(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
): { event: MerchantStatusWebhook; text: string } | { answer: WebhookAnswer } {
  if (typeof signature !== "string" || signature.trim() === "") {
    return {
      answer: refuse(
        401,
        "missing_signature",
        "header Authorization: missing; the sender signs every delivery",
      ),
    };
  }
  if (!/^[0-9a-fA-F]{64}$/.test(signature.trim())) {
    return {
      answer: refuse(
        400,
        "malformed_signature",
        "header Authorization: must be 64 hex characters (HMAC-SHA256)",
      ),
    };
  }
  let valid: boolean;
  try {
    valid = webhookSignature.verify(rawBody, signature, secret);
  } catch (error) {
    return { answer: refuse(400, "invalid_body", `body: ${(error as Error).message}`) };
  }
  if (!valid) {
    return {
      answer: refuse(
        401,
        "invalid_signature",
        "header Authorization: does not match the body and the secret",
      ),
    };
  }
  let event: unknown;
  const text = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  try {
    event = JSON.parse(text);
  } catch {
    return { answer: refuse(400, "invalid_json", "body: not valid JSON") };
  }
  const violations = payloadViolations(event);
  if (violations.length) {
    return { answer: refuse(400, "invalid_payload", `body: ${violations.join("; ")}`, violations) };
  }
  return { event: event as MerchantStatusWebhook, text };
}

/** Settles like `call()`, or rejects when it takes more than `ms` (a hung connection is an unreachable store). */
function within<T>(ms: number, call: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(call), late]).finally(() => clearTimeout(timer));
}

/** Runs a user hook without letting it throw into the handler; a failing hook is written to stderr. */
function safely(hook: () => unknown, what: string): void {
  const complain = (e: unknown) =>
    console.error(`@pgi/webhooks: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  try {
    const out = hook();
    if (out instanceof Promise) out.catch(complain);
  } catch (e) {
    complain(e);
  }
}

/**
 * Creates the receiving core. Claim states: absent → processing (leased, renewed while onEvent runs) → done (kept
 * `dedupTtlMs`); a failure before the deadline releases the claim (500, the sender retries); a retry arriving while
 * an attempt is processing is answered 409 (neither processed twice nor acknowledged as done).
 *
 * @example
 * const handler = createWebhookHandler({ secret: process.env.PGI_WEBHOOK_SECRET!, onEvent: (e) => save(e) });
 * const { status, body } = await handler.handle(rawBody, request.headers.authorization);
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  if (typeof options?.secret !== "string" || options.secret === "") {
    throw new ConfigurationError(
      "secret",
      "is required: pass the partner's client secret (PGI_WEBHOOK_SECRET)",
    );
  }
  if (typeof options.onEvent !== "function") {
    throw new ConfigurationError("onEvent", "must be a function called once per event");
  }
  const { secret, onEvent } = options;
  const store = options.store ?? createMemoryStore();
  for (const method of ["claim", "renew", "complete", "release"] as const) {
    if (typeof store?.[method] !== "function") {
      throw new ConfigurationError(
        `store.${method}`,
        "must be a function (a DedupStore: createMemoryStore or createRedisStore)",
      );
    }
  }
  const ackAfterMs = check("ackAfterMs", options.ackAfterMs, 20_000, 0, LIMIT_MS);
  const leaseMs = check("leaseMs", options.leaseMs, LIMIT_MS, 10, Number.POSITIVE_INFINITY);
  const ttl = Math.max(
    check("dedupTtlMs", options.dedupTtlMs, 86_400_000, 0, Number.POSITIVE_INFINITY),
    RETRY_WINDOW_MS,
  );
  const storeMs = check("storeTimeoutMs", options.storeTimeoutMs, 5_000, 1, LIMIT_MS);
  const report = (error: WebhookError, event: MerchantStatusWebhook) => {
    const hook = options.onError;
    if (hook) safely(() => hook(error, event), "onError");
  };
  const reportLate = (error: LateFailureError, event: MerchantStatusWebhook) => {
    const hook = options.onLateFailure;
    if (hook) safely(() => hook(event, error), "onLateFailure");
    else console.error(`@pgi/webhooks: ${error.message} (no onLateFailure given)`);
  };

  return {
    async handle(rawBody, signature) {
      const checked = verified(rawBody, signature, secret);
      if ("answer" in checked) return checked.answer;
      const { event, text } = checked;
      const key = duplicateKey(event);
      let claim: ClaimResult;
      try {
        claim = await within(storeMs, () => store.claim(key, leaseMs));
      } catch (cause) {
        const error = new StoreUnavailableError(key, "claim", cause);
        report(error, event);
        return refuse(
          503,
          error.code,
          "de-duplication store unreachable; the delivery was not processed: retry later",
        );
      }
      if (claim.state === "done") return DUPLICATE;
      if (claim.state === "processing") {
        return refuse(409, "in_progress", "this event is being processed by another attempt; retry later");
      }
      const { token } = claim;

      // Keep the lease alive while onEvent runs (also after an early 200).
      const beat = setInterval(
        () => {
          Promise.resolve()
            .then(() => within(storeMs, () => store.renew(key, token, leaseMs)))
            .then(
              (held) => {
                if (!held) {
                  clearInterval(beat);
                  report(new ClaimLostError(key), event);
                }
              },
              (cause) => report(new StoreUnavailableError(key, "renew", cause), event),
            );
        },
        Math.max(1, Math.floor(leaseMs / 3)),
      );
      beat.unref?.();

      const succeed = async () => {
        clearInterval(beat);
        try {
          await within(storeMs, () => store.complete(key, token, ttl));
        } catch (cause) {
          // Processed but not recorded: the claim's lease runs out and a later duplicate may be processed again.
          report(new StoreUnavailableError(key, "complete", cause), event);
        }
      };
      const fail = async () => {
        clearInterval(beat);
        try {
          await within(storeMs, () => store.release(key, token));
        } catch (cause) {
          // Not released: the lease runs out and a later retry processes the event.
          report(new StoreUnavailableError(key, "release", cause), event);
        }
      };

      const work = Promise.resolve().then(() => onEvent(event, { key, rawBody: text }));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<"deadline">((resolve) => {
        timer = setTimeout(() => resolve("deadline"), ackAfterMs);
      });
      let first: "finished" | "deadline";
      try {
        first = await Promise.race([work.then(() => "finished" as const), deadline]);
      } catch (cause) {
        await fail();
        report(new CallbackFailedError(key, cause), event);
        return refuse(500, "callback_failed", "onEvent failed; the event was not processed: retry later");
      } finally {
        clearTimeout(timer);
      }
      if (first === "finished") {
        await succeed();
        return OK;
      }
      // Acknowledge now; finish in the background, and hand a late failure over with the event.
      work.then(succeed, async (cause) => {
        await fail();
        reportLate(new LateFailureError(key, cause), event);
      });
      return OK;
    },
  };
}
