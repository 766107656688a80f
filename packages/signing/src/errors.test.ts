import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { paymentRequest, SALT, SIGNING_SECRET, WEBHOOK_BODY, walletRequest } from "../test/fixtures.js";
import {
  CanonicalFormError,
  HashMismatchError,
  InvalidFieldError,
  MalformedDigestError,
  MissingFieldError,
  MissingSecretError,
  MissingSignatureError,
  RawBodyRequiredError,
  SignatureMismatchError,
  SigningError,
  UnknownSchemeError,
} from "./errors.js";
import { sign, verify, verifyOrThrow } from "./registry.js";

/** Runs fn and returns what it threw. */
function thrown(fn: () => unknown): SigningError {
  try {
    fn();
  } catch (error) {
    return error as SigningError;
  }
  throw new Error("expected an error");
}

describe("errors", () => {
  it("MissingFieldError names the scheme and field", () => {
    const { txnid: _, ...rest } = paymentRequest;
    const e = thrown(() => sign("payment-request", rest, SALT));
    expect(e).toBeInstanceOf(MissingFieldError);
    expect(e).toBeInstanceOf(SigningError);
    expect(e).toMatchObject({
      name: "MissingFieldError",
      code: "PGI_MISSING_FIELD",
      scheme: "payment-request",
      field: "txnid",
      reason: "missing",
    });
    expect(e.message).toBe(
      'payment-request: field "txnid" is missing; add "txnid" with the exact value sent (it must not be empty).',
    );
    expect(thrown(() => sign("payment-request", { ...paymentRequest, key: null }, SALT))).toMatchObject({
      reason: "null",
    });
    expect(thrown(() => sign("payment-request", { ...paymentRequest, key: "" }, SALT))).toMatchObject({
      reason: "empty",
    });
  });

  it("InvalidFieldError for values that cannot be hashed", () => {
    const e = thrown(() => sign("wallet-checksum", { ...walletRequest, otp: true as never }, SIGNING_SECRET));
    expect(e).toBeInstanceOf(InvalidFieldError);
    expect(e).toMatchObject({ field: "otp", code: "PGI_INVALID_FIELD" });
    expect(
      thrown(() => sign("payment-request", { ...paymentRequest, amount: Number.NaN }, SALT)).message,
    ).toMatch(/amount.*NaN/);
    expect(thrown(() => sign("payment-request", { ...paymentRequest, key: { a: 1 } }, SALT))).toBeInstanceOf(
      InvalidFieldError,
    );
    expect(thrown(() => sign("payment-request", [] as never, SALT))).toBeInstanceOf(InvalidFieldError);
  });

  it("MalformedDigestError says what was expected and received", () => {
    const e = thrown(() =>
      verify("payment-request", paymentRequest, "a".repeat(127), SALT),
    ) as MalformedDigestError;
    expect(e).toBeInstanceOf(MalformedDigestError);
    expect(e.message).toMatch(/expected 128 hex characters.*got 127 characters/);
    expect(e).toMatchObject({ expectedLength: 128, receivedLength: 127 });
    const bad = thrown(() => verify("wallet-checksum", walletRequest, `${"a".repeat(63)}z`, SIGNING_SECRET));
    expect(bad.message).toMatch(/expected 64 hex characters.*non-hex character at position 64/);
  });

  it("MissingSignatureError for an absent or empty signature", () => {
    expect(thrown(() => verify("payment-request", paymentRequest, "", SALT))).toBeInstanceOf(
      MissingSignatureError,
    );
    const e = thrown(() => verify("webhook-signature", WEBHOOK_BODY, undefined, SIGNING_SECRET));
    expect(e).toMatchObject({ code: "PGI_MISSING_SIGNATURE", field: "Authorization" });
  });

  it("HashMismatchError and SignatureMismatchError from verifyOrThrow", () => {
    const e = thrown(() => verifyOrThrow("payment-request", paymentRequest, "0".repeat(128), SALT));
    expect(e).toBeInstanceOf(HashMismatchError);
    expect(e).toBeInstanceOf(SignatureMismatchError);
    expect(e.message).toMatch(/hash does not match/);
    const w = thrown(() => verifyOrThrow("webhook-signature", WEBHOOK_BODY, "0".repeat(64), SIGNING_SECRET));
    expect(w).toBeInstanceOf(SignatureMismatchError);
    expect(w).not.toBeInstanceOf(HashMismatchError);
    const digest = sign("payment-request", paymentRequest, SALT).digest;
    expect(() => verifyOrThrow("payment-request", paymentRequest, digest, SALT)).not.toThrow();
  });

  it("RawBodyRequiredError explains why the raw body is needed", () => {
    const e = thrown(() =>
      verify("webhook-signature", JSON.parse(WEBHOOK_BODY), "0".repeat(64), SIGNING_SECRET),
    );
    expect(e).toBeInstanceOf(RawBodyRequiredError);
    expect(e.message).toMatch(/raw request body.*re-serialising/);
  });

  it("MissingSecretError for an absent or empty secret", () => {
    expect(thrown(() => sign("payment-request", paymentRequest, ""))).toBeInstanceOf(MissingSecretError);
    expect(thrown(() => sign("webhook-signature", WEBHOOK_BODY, undefined as never)).message).toMatch(
      /signing secret/,
    );
  });

  it("CanonicalFormError names the key", () => {
    const e = thrown(() => sign("webhook-signature", '{"items":[1]}', SIGNING_SECRET));
    expect(e).toBeInstanceOf(CanonicalFormError);
    expect(e).toMatchObject({ field: "items", code: "PGI_CANONICAL_FORM" });
  });

  it("UnknownSchemeError lists the schemes", () => {
    const e = thrown(() => sign("payment", {}, SALT));
    expect(e).toBeInstanceOf(UnknownSchemeError);
    expect(e.message).toMatch(/unknown scheme "payment"; use one of: mandate-authorization/);
  });

  it("keeps a cause and never carries the secret", () => {
    const e = thrown(() => sign("webhook-signature", '{"a":"\\x"}', SIGNING_SECRET));
    expect(e.cause).toBeInstanceOf(SyntaxError);
    for (const text of [e.message, inspect(e), JSON.stringify(e)]) expect(text).not.toContain(SIGNING_SECRET);
  });
});
