// Errors of @pgi/webhooks: one base class; each subclass says what failed and what to do.

/** Base class of every error this package throws or reports; `status` is the HTTP answer it leads to. */
export class WebhookError extends Error {
  override name = "WebhookError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An option of the handler or a store is missing or out of range. */
export class ConfigurationError extends WebhookError {
  override name = "ConfigurationError";
  constructor(
    readonly option: string,
    rule: string,
  ) {
    super(`${option}: ${rule}`, 500, "misconfigured");
  }
}

/** The body reached the handler already parsed: the signature covers the raw bytes. */
export class RawBodyRequiredError extends WebhookError {
  override name = "RawBodyRequiredError";
  constructor() {
    super(
      "the webhook body arrived already parsed; the signature covers the raw bytes, so mount the handler before any JSON body parser (Express: express.raw({ type: 'application/json' }))",
      500,
      "raw_body_required",
    );
  }
}

/** The de-duplication store could not be reached: the delivery is refused so the sender retries it. */
export class StoreUnavailableError extends WebhookError {
  override name = "StoreUnavailableError";
  constructor(
    readonly key: string,
    readonly operation: "claim" | "renew" | "complete" | "release",
    cause: unknown,
  ) {
    super(
      operation === "claim"
        ? `the de-duplication store is unreachable (claim of event ${key}); the delivery was refused with 503 so the sender retries it: check the store's connection`
        : `the de-duplication store is unreachable (${operation} of event ${key}); the answer stands, the key's lease or TTL settles it: check the store's connection`,
      503,
      "store_unavailable",
      { cause },
    );
  }
}

/** onEvent threw or rejected before the acknowledgement deadline: answered 500, the sender retries. */
export class CallbackFailedError extends WebhookError {
  override name = "CallbackFailedError";
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(
      `onEvent failed for event ${key}; the claim was released and the delivery answered 500 so the sender retries it`,
      500,
      "callback_failed",
      { cause },
    );
  }
}

/** onEvent failed after the early 200: the sender will not retry, so the event must be kept by onLateFailure. */
export class LateFailureError extends WebhookError {
  override name = "LateFailureError";
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(
      `onEvent failed for event ${key} after the delivery was acknowledged (200); the sender will not retry: persist the event in onLateFailure and process it again`,
      200,
      "late_failure",
      { cause },
    );
  }
}

/** A long-running onEvent lost its claim's lease (the store expired it): another attempt may process the event. */
export class ClaimLostError extends WebhookError {
  override name = "ClaimLostError";
  constructor(readonly key: string) {
    super(
      `the claim on event ${key} expired while onEvent was still running; a retry may process it again: keep onEvent idempotent or raise claimLeaseMs`,
      200,
      "claim_lost",
    );
  }
}
