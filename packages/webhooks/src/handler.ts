// The receiving logic: verify the signature over the raw body, validate, de-duplicate, call back once, answer in time.
import { createRequire } from "node:module";
import { webhookSignature } from "@pgi/signing";
import type { ValidateFunction } from "ajv";
import { WebhookError } from "./errors.js";
import { DELIVERY_RULE, type MerchantStatusWebhook, PAYLOAD_SCHEMA } from "./generated/contract.js";
import { createMemoryStore } from "./memory-store.js";
import type { DedupStore } from "./store.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;

/** What the handler answers. */
export interface WebhookAnswer {
  status: number;
  body: { ok: boolean; duplicate?: boolean; error?: string; message?: string; violations?: string[] };
}

/** Options of createWebhookHandler(). */
export interface WebhookHandlerOptions {
  /** The partner's client secret (PGI_WEBHOOK_SECRET). */
  secret: string;
  /** Called once per event. Throwing (or rejecting) answers 500 so the sender retries. */
  onEvent: (event: MerchantStatusWebhook, meta: { key: string }) => unknown | Promise<unknown>;
  /** Default: an in-memory store (one instance). Several instances: createRedisStore from @pgi/webhooks/redis. */
  store?: DedupStore;
  /**
   * Answer 200 after this many ms even if onEvent is still running (it carries on). Default 20 s, inside the
   * sender's 30 s limit.
   */
  ackAfterMs?: number;
  /** Called when onEvent fails after the early 200: persist the event there, the sender will not retry it. */
  onLateFailure?: (event: MerchantStatusWebhook, error: unknown) => void;
  /** How long a processed key is remembered. Default 24 h; never less than the whole retry window. */
  dedupTtlMs?: number;
}

/** The sender's whole retry window: every wait plus an answer limit per attempt, from the spec's rule. */
export const RETRY_WINDOW_MS =
  (DELIVERY_RULE.retrySchedule.reduce((a, b) => a + b, 0) +
    DELIVERY_RULE.answerWithinSeconds * (DELIVERY_RULE.retrySchedule.length + 1)) *
  1000;

let validator: ValidateFunction | undefined;
function validatePayload(value: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    // OpenAPI's integer formats: the type keyword already requires an integer.
    for (const f of ["int32", "int64"]) ajv.addFormat(f, { type: "number", validate: Number.isInteger });
    validator = ajv.compile(PAYLOAD_SCHEMA as object);
  }
  if (validator(value)) return [];
  return (validator.errors ?? []).map((e) => {
    const field =
      e.keyword === "required"
        ? `/${(e.params as { missingProperty: string }).missingProperty}`
        : e.instancePath || "/";
    return `${field}: ${e.keyword === "required" ? "is required" : e.message}`;
  });
}

/** The duplicate key of an event (fields from the spec's rule, joined by "|"). */
export function duplicateKey(event: MerchantStatusWebhook): string {
  return DELIVERY_RULE.duplicateKey.map((k) => String(event[k])).join("|");
}

const refuse = (status: number, error: string, message: string, violations?: string[]): WebhookAnswer => ({
  status,
  body: { ok: false, error, message, ...(violations ? { violations } : {}) },
});

/** The receiving core; the adapters (node:http, middleware, Fetch) only move bytes in and out. */
export interface WebhookHandler {
  handle(rawBody: string | Uint8Array, signature: string | null | undefined): Promise<WebhookAnswer>;
}

/**
 * Creates the receiving core.
 *
 * @example
 * const handler = createWebhookHandler({ secret: process.env.PGI_WEBHOOK_SECRET!, onEvent: (e) => save(e) });
 * const { status, body } = await handler.handle(rawBody, request.headers.authorization);
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  if (!options.secret)
    throw new WebhookError(
      "secret is required: pass the partner's client secret (PGI_WEBHOOK_SECRET)",
      500,
      "misconfigured",
    );
  const store = options.store ?? createMemoryStore();
  const ackAfterMs = options.ackAfterMs ?? 20_000;
  const ttl = Math.max(options.dedupTtlMs ?? 86_400_000, RETRY_WINDOW_MS);
  if (ackAfterMs >= DELIVERY_RULE.answerWithinSeconds * 1000) {
    throw new WebhookError(
      `ackAfterMs must be under the sender's ${DELIVERY_RULE.answerWithinSeconds} s limit`,
      500,
      "misconfigured",
    );
  }

  return {
    async handle(rawBody, signature) {
      if (signature === undefined || signature === null || signature.trim() === "") {
        return refuse(
          401,
          "missing_signature",
          "header Authorization: missing; the sender signs every delivery",
        );
      }
      if (!/^[0-9a-fA-F]{64}$/.test(signature.trim())) {
        return refuse(
          400,
          "malformed_signature",
          "header Authorization: must be 64 hex characters (HMAC-SHA256)",
        );
      }
      let valid: boolean;
      try {
        valid = webhookSignature.verify(rawBody, signature, options.secret);
      } catch (error) {
        return refuse(400, "invalid_body", `body: ${(error as Error).message}`);
      }
      if (!valid)
        return refuse(
          401,
          "invalid_signature",
          "header Authorization: does not match the body and the secret",
        );
      let event: MerchantStatusWebhook;
      try {
        event = JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8"));
      } catch {
        return refuse(400, "invalid_json", "body: not valid JSON");
      }
      const violations = validatePayload(event);
      if (violations.length)
        return refuse(400, "invalid_payload", `body: ${violations.join("; ")}`, violations);

      const key = duplicateKey(event);
      let claim: Awaited<ReturnType<DedupStore["claim"]>>;
      try {
        claim = await store.claim(key, ttl);
      } catch (error) {
        return refuse(
          503,
          "store_unavailable",
          `de-duplication store unreachable (${(error as Error).message}); retry later`,
        );
      }
      if (claim === "done") return { status: 200, body: { ok: true, duplicate: true } };
      if (claim === "processing")
        return refuse(409, "in_progress", "this event is being processed; a later retry will be answered");

      const work = Promise.resolve().then(() => options.onEvent(event, { key }));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<"deadline">((r) => {
        timer = setTimeout(() => r("deadline"), ackAfterMs);
      });
      try {
        const first = await Promise.race([work.then(() => "done" as const), deadline]);
        if (first === "deadline") {
          // Acknowledge now; finish (or report) in the background.
          work.then(
            () => store.complete(key, ttl).catch(() => undefined),
            (error) => {
              void store.release(key).catch(() => undefined);
              options.onLateFailure?.(event, error);
            },
          );
          return { status: 200, body: { ok: true } };
        }
      } catch (error) {
        await store.release(key).catch(() => undefined);
        return refuse(
          500,
          "callback_failed",
          `onEvent failed (${(error as Error).message}); the sender will retry`,
        );
      } finally {
        clearTimeout(timer);
      }
      try {
        await store.complete(key, ttl);
      } catch {
        // Processed but not recorded: answer 200 anyway (a retry may process it again; at-least-once).
      }
      return { status: 200, body: { ok: true } };
    },
  };
}
