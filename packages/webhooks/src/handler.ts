// The receiving core, composed of its stages: verify, claim, call back under a lease, record or release, answer.
import {
  CALLBACK_FAILED,
  DUPLICATE,
  IN_PROGRESS,
  INTERNAL,
  OK,
  RAW_BODY_REQUIRED,
  STORE_UNAVAILABLE,
  type WebhookAnswer,
} from "./answers.js";
import { asRawBody } from "./body.js";
import {
  CallbackFailedError,
  LateFailureError,
  RawBodyRequiredError,
  StoreUnavailableError,
  WebhookError,
} from "./errors.js";
import type { MerchantStatusWebhook } from "./generated/contract.js";
import { holdLease, type Lease, within } from "./lease.js";
import { type ResolvedOptions, resolveOptions, type WebhookHandlerOptions } from "./options.js";
import { RETRY_WINDOW_MS } from "./payload.js";
import type { ClaimResult } from "./store.js";
import { type VerifiedDelivery, verifyDelivery } from "./verify.js";

export type { WebhookAnswer } from "./answers.js";
export type { EventMeta, WebhookHandlerOptions } from "./options.js";

/** The receiving core; the adapters (node:http, middleware, Fetch) only move bytes in and out. */
export interface WebhookHandler {
  /**
   * Answers one delivery: its raw body as received and its Authorization header. Never throws. A body that is not
   * raw (an object a JSON parser left) is answered 500 `raw_body_required` and reported to onError as a
   * RawBodyRequiredError: the signature covers the bytes as sent, so a parsed body cannot be verified.
   */
  handle(rawBody: string | Uint8Array, signature: string | null | undefined): Promise<WebhookAnswer>;
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

/** An error that is not a WebhookError, wrapped so the logger hook always gets one. */
class UnexpectedError extends WebhookError {
  override name = "UnexpectedError";
  constructor(cause: unknown) {
    super(
      "the receiver failed unexpectedly; the delivery was answered 500 so the sender retries it",
      500,
      "internal_error",
      {
        cause,
      },
    );
  }
}

/** Calls back under the lease; answers when onEvent settles or at ackAfterMs, whichever is first. */
async function callBack(
  o: ResolvedOptions,
  d: VerifiedDelivery,
  lease: Lease,
  hooks: Hooks,
): Promise<WebhookAnswer> {
  const work = Promise.resolve().then(() => o.onEvent(d.event, { key: d.key, rawBody: d.text }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), o.ackAfterMs);
  });
  let first: "finished" | "deadline";
  try {
    first = await Promise.race([work.then(() => "finished" as const), deadline]);
  } catch (cause) {
    await lease.release();
    hooks.report(new CallbackFailedError(d.key, cause), d.event);
    return CALLBACK_FAILED;
  } finally {
    clearTimeout(timer);
  }
  if (first === "finished") {
    await lease.complete();
    return OK;
  }
  // Acknowledge now; the lease is still renewed while onEvent finishes, and a late failure is handed over.
  work.then(
    () => lease.complete(),
    async (cause) => {
      await lease.release();
      hooks.late(new LateFailureError(d.key, cause), d.event);
    },
  );
  return OK;
}

interface Hooks {
  report(error: WebhookError, event?: MerchantStatusWebhook): void;
  late(error: LateFailureError, event: MerchantStatusWebhook): void;
}

/**
 * Creates the receiving core. Claim states: absent → processing (a lease of `claimLeaseMs`, renewed while onEvent
 * runs) → done (kept `dedupTtlMs`). A failure before the deadline releases the claim (500, the sender retries); a
 * delivery arriving while another attempt holds a live lease is answered 409; a dead instance's lease runs out.
 *
 * @example
 * const handler = createWebhookHandler({ secret: process.env.PGI_WEBHOOK_SECRET!, onEvent: (e) => save(e) });
 * const { status, body } = await handler.handle(rawBody, request.headers.authorization);
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const o = resolveOptions(options);
  const hooks: Hooks = {
    report(error, event) {
      const hook = o.onError;
      if (hook) safely(() => hook(error, event), "onError");
    },
    late(error, event) {
      const hook = o.onLateFailure;
      if (hook) safely(() => hook(event, error), "onLateFailure");
      else console.error(`@pgi/webhooks: ${error.message} (no onLateFailure given)`);
    },
  };
  const settings = { ...o, completeForMs: RETRY_WINDOW_MS };

  const answer = async (rawBody: string | Uint8Array, signature: string | null | undefined) => {
    const checked = verifyDelivery(rawBody, signature, o.secret);
    if ("answer" in checked) return checked.answer;
    const { event, key } = checked;
    let claim: ClaimResult;
    try {
      claim = await within(o.storeTimeoutMs, () => o.store.claim(key, o.claimLeaseMs));
    } catch (cause) {
      hooks.report(new StoreUnavailableError(key, "claim", cause), event);
      return STORE_UNAVAILABLE;
    }
    if (claim.state === "done") return DUPLICATE;
    if (claim.state === "processing") return IN_PROGRESS;
    const lease = holdLease(key, claim.token, settings, (e) => hooks.report(e, event));
    return callBack(o, checked, lease, hooks);
  };

  return {
    async handle(rawBody, signature) {
      const raw = asRawBody(rawBody);
      if (raw === undefined) {
        hooks.report(new RawBodyRequiredError());
        return RAW_BODY_REQUIRED;
      }
      try {
        return await answer(raw, signature);
      } catch (cause) {
        hooks.report(cause instanceof WebhookError ? cause : new UnexpectedError(cause));
        return INTERNAL;
      }
    },
  };
}
