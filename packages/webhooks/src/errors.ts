// Errors of @pgi/webhooks: one base class; each subclass says what failed and what to do.

/** Base class of every error this package throws. */
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
  constructor(cause: unknown) {
    super(
      "the de-duplication store is unreachable; the delivery was refused (503) so the sender retries it later",
      503,
      "store_unavailable",
      { cause },
    );
  }
}
