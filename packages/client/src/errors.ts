// Errors thrown by @pgi/client: misuse, transport failures, timeouts, signature mismatches and refused rules.

/** Base class of every error the client throws (HTTP error answers are returned, not thrown). */
export class PgiClientError extends Error {
  override name = "PgiClientError";
  constructor(
    message: string,
    readonly context: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The client was called in a way it cannot serve (a missing credential, an unknown operation). */
export class ClientMisuseError extends PgiClientError {
  override name = "ClientMisuseError";
}

/** The request never got an answer (DNS, refused connection, reset). Safe to retry only if idempotent. */
export class TransportError extends PgiClientError {
  override name = "TransportError";
}

/** No answer within timeoutMs. The request may or may not have been processed: check before repeating a payment. */
export class TimeoutError extends PgiClientError {
  override name = "TimeoutError";
}

/** A response hash or checksum did not verify: the answer may be forged or corrupted; do not act on it. */
export class ResponseSignatureError extends PgiClientError {
  override name = "ResponseSignatureError";
}

/** A rule of the interface refuses the request (an autopay window, ADHOC for a loan EMI). */
export class RuleViolationError extends PgiClientError {
  override name = "RuleViolationError";
}
