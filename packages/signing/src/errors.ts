// Typed errors thrown by @pgi/signing; messages say what to fix and never contain a secret.

/** Context carried by every signing error (never the secret, never a field's value). */
export interface SigningErrorContext {
  /** Scheme id, e.g. `payment-request`. */
  readonly scheme?: string | undefined;
  /** Field (or top-level webhook key) the problem is about. */
  readonly field?: string | undefined;
  /** Underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * Base class of every error this package throws. `code` is stable and machine readable;
 * `scheme` and `field` say where the problem is.
 *
 * @example
 * try { sign("payment-request", fields, salt); }
 * catch (e) { if (e instanceof SigningError) console.error(e.code, e.field, e.message); }
 */
export class SigningError extends Error {
  override name = "SigningError";
  /** Stable identifier, e.g. `PGI_MISSING_FIELD`. */
  readonly code: string = "PGI_SIGNING_ERROR";
  readonly scheme: string | undefined;
  readonly field: string | undefined;

  constructor(message: string, context: SigningErrorContext = {}) {
    super(message, context.cause === undefined ? undefined : { cause: context.cause });
    this.scheme = context.scheme;
    this.field = context.field;
  }
}

/** Prefixes a message with the scheme, when known. */
function where(scheme: string | undefined): string {
  return scheme ? `${scheme}: ` : "";
}

/** A field the recipe needs is absent, null, or empty where it must not be. */
export class MissingFieldError extends SigningError {
  override name = "MissingFieldError";
  override readonly code = "PGI_MISSING_FIELD";
  /** How the field is missing. */
  readonly reason: "missing" | "null" | "empty";

  constructor(scheme: string, field: string, reason: "missing" | "null" | "empty", mayBeEmpty = false) {
    const what = reason === "empty" ? "is empty" : reason === "null" ? "is null" : "is missing";
    const fix =
      reason === "empty"
        ? "it must not be empty; set it to the value sent"
        : mayBeEmpty
          ? `add "${field}" with the exact value sent ("" if it was sent empty)`
          : `add "${field}" with the exact value sent (it must not be empty)`;
    super(`${where(scheme)}field "${field}" ${what}; ${fix}.`, { scheme, field });
    this.reason = reason;
  }
}

/** A field has a type or value that cannot be put into the pre-image. */
export class InvalidFieldError extends SigningError {
  override name = "InvalidFieldError";
  override readonly code = "PGI_INVALID_FIELD";

  constructor(scheme: string | undefined, field: string | undefined, problem: string) {
    super(`${where(scheme)}${field ? `field "${field}" ` : ""}${problem}`, { scheme, field });
  }
}

/** A received digest is not hex, or has the wrong length for the algorithm. */
export class MalformedDigestError extends SigningError {
  override name = "MalformedDigestError";
  override readonly code = "PGI_MALFORMED_DIGEST";
  /** Number of hex characters the algorithm produces (128 for SHA-512, 64 for HMAC-SHA256). */
  readonly expectedLength: number;
  /** Number of characters received. */
  readonly receivedLength: number;

  constructor(scheme: string | undefined, expectedLength: number, receivedLength: number, problem: string) {
    super(
      `${where(scheme)}received digest is malformed: expected ${expectedLength} hex characters (0-9, a-f), ${problem}.`,
      { scheme },
    );
    this.expectedLength = expectedLength;
    this.receivedLength = receivedLength;
  }
}

/** No signature/hash was received (absent or empty header or field). */
export class MissingSignatureError extends SigningError {
  override name = "MissingSignatureError";
  override readonly code = "PGI_MISSING_SIGNATURE";

  constructor(scheme: string | undefined, carrier: string) {
    super(
      `${where(scheme)}no signature received: "${carrier}" is missing or empty; the sender must put the hex digest there.`,
      { scheme, field: carrier },
    );
  }
}

/** The received signature does not match the one computed (HMAC schemes). */
export class SignatureMismatchError extends SigningError {
  override name = "SignatureMismatchError";
  override readonly code: string = "PGI_SIGNATURE_MISMATCH";

  constructor(scheme: string, message?: string) {
    super(
      message ??
        `${where(scheme)}signature does not match; check the secret and that the exact bytes sent were signed (run explain() or pgi-sign --explain for a diagnosis).`,
      { scheme },
    );
  }
}

/** The received hash does not match the one computed (SHA-512 salt schemes). */
export class HashMismatchError extends SignatureMismatchError {
  override name = "HashMismatchError";
  override readonly code = "PGI_HASH_MISMATCH";

  constructor(scheme: string) {
    super(
      scheme,
      `${where(scheme)}hash does not match; check the salt, the field values and their exact formatting (run explain() or pgi-sign --explain for a diagnosis).`,
    );
  }
}

/** A webhook signature must be verified over the raw body, and a parsed object was given. */
export class RawBodyRequiredError extends SigningError {
  override name = "RawBodyRequiredError";
  override readonly code = "PGI_RAW_BODY_REQUIRED";

  constructor(scheme: string) {
    super(
      `${where(scheme)}verify needs the raw request body (string, Buffer or Uint8Array), not a parsed object: ` +
        "re-serialising changes number text and key order, so a signature made over the bytes sent cannot be reproduced. " +
        "Read the body as text before any JSON parser (e.g. express.raw() or request.text()).",
      { scheme },
    );
  }
}

/** No secret (salt or signing secret) was supplied. */
export class MissingSecretError extends SigningError {
  override name = "MissingSecretError";
  override readonly code = "PGI_MISSING_SECRET";

  constructor(scheme: string | undefined, kind: "salt" | "signing-secret", hint = "") {
    super(
      `${where(scheme)}no ${kind === "salt" ? "salt" : "signing secret"} given; pass a non-empty ${kind === "salt" ? "salt" : "secret"}${hint}.`,
      { scheme },
    );
  }
}

/** A webhook body cannot be put into the canonical sorted key-value form. */
export class CanonicalFormError extends SigningError {
  override name = "CanonicalFormError";
  override readonly code = "PGI_CANONICAL_FORM";

  constructor(scheme: string, key: string | undefined, problem: string, cause?: unknown) {
    super(`${where(scheme)}${key === undefined ? "" : `key "${key}": `}${problem}`, {
      scheme,
      field: key,
      cause,
    });
  }
}

/** The scheme id is not one of signatures.yaml's recipes. */
export class UnknownSchemeError extends SigningError {
  override name = "UnknownSchemeError";
  override readonly code = "PGI_UNKNOWN_SCHEME";

  constructor(scheme: string, known: readonly string[]) {
    super(`unknown scheme "${scheme}"; use one of: ${known.join(", ")}.`, { scheme });
  }
}
