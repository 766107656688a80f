// The errors of @pgi/conformance: one base class, and the misuse the CLIs answer with exit 2.

/** Base class of every error this package throws on purpose. */
export class ConformanceError extends Error {
  override name = "ConformanceError";
}

/** A misuse (a bad option, an unreadable config file, an unknown host): the CLIs print it on one line and exit 2. */
export class UsageError extends ConformanceError {
  override name = "UsageError";
}

/** The webhook endpoint given to `receiver` cannot be reached (exit 2); the message names the URL, password masked. */
export class EndpointUnreachableError extends UsageError {
  override name = "EndpointUnreachableError";
}
