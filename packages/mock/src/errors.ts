// Errors of the mock: one base class, and a subclass per failure that says what failed and how to fix it.

/** Base class of every error the mock throws. */
export class MockError extends Error {
  override readonly name: string = "MockError";
}

/**
 * The shared store (Redis) cannot be reached or did not answer in time. Requests get the documented 503 refusal;
 * the mock reconnects by itself. `url` is the store's URL with any password masked.
 */
export class StoreUnavailableError extends MockError {
  override readonly name = "StoreUnavailableError";
  constructor(
    readonly url: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the shared sandbox's Redis at ${url} is unavailable (${reason})`, options);
  }
}

/** A shared-sandbox option is malformed (the Redis URL, the namespace, the idle expiry). */
export class StoreConfigError extends MockError {
  override readonly name = "StoreConfigError";
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`${option}: ${message}`);
  }
}
