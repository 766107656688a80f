// The bytes and hashes of a call: form fields serialised once, the request signed over exactly those strings, and
// the answer's wallet checksum or gateway result hash verified.
import { responseDigest, sign, verify } from "@pgi/signing";
import { ClientMisuseError, ResponseSignatureError } from "./errors.js";
import type { OperationMeta } from "./generated/operations.js";
import type { Credentials } from "./options.js";
import { redactText, safeCause } from "./redact.js";

/** The configured credential values, masked wherever they appear in an error. */
export function credentialValues(creds: Credentials): string[] {
  return Object.values(creds).filter((v): v is string => typeof v === "string" && v.length >= 4);
}

/** Form fields as sent: JSON-in-form objects serialised once, strings untouched, other values stringified. */
export function toFormFields(op: OperationMeta, body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "object") {
      if (!op.jsonInForm.includes(k))
        throw new ClientMisuseError(
          `body.${k}: an object, but ${op.operationId} sends it as a plain form field`,
        );
      out[k] = JSON.stringify(v);
    } else out[k] = String(v);
  }
  return out;
}

/** Adds `hash` or `checksum` (the recipe the fields match in the spec) unless the caller passed one. */
export function signForm(op: OperationMeta, fields: Record<string, string>, creds: Credentials): void {
  const variant =
    op.signatures.find((s) => s.required.every((r) => r === "hash" || r === "checksum" || r in fields)) ??
    op.signatures[0];
  if (!variant) return;
  if (variant.scheme === "wallet-checksum") {
    if (fields.checksum !== undefined) return;
    if (!creds.walletSecret)
      throw new ClientMisuseError(
        "credentials.walletSecret: needed to compute the wallet checksum (or pass checksum yourself)",
      );
    fields.checksum = sign("wallet-checksum", fields as never, creds.walletSecret).digest;
    return;
  }
  if (fields.hash !== undefined) return;
  if (!creds.salt)
    throw new ClientMisuseError(
      "credentials.salt: needed to compute the request hash (or pass hash yourself)",
    );
  fields.hash = sign(variant.scheme as "payment-request", fields as never, creds.salt).digest;
}

/** Throws ResponseSignatureError when the answer's checksum or result hash does not verify. */
export function verifyResponse(
  op: OperationMeta,
  body: unknown,
  sent: Record<string, string> | undefined,
  creds: Credentials,
): void {
  const digest = responseDigest(body, sent);
  if (!digest) return;
  const wallet = digest.scheme === "wallet-response-checksum";
  const secret = wallet ? creds.walletSecret : creds.salt;
  if (!secret) return;
  const what = wallet ? "wallet response checksum" : "result.hash";
  const option = wallet ? "credentials.walletSecret" : "credentials.salt";
  let ok = false;
  try {
    ok = verify(digest.scheme, digest.fields as never, digest.received, secret);
  } catch (error) {
    throw new ResponseSignatureError(
      `${what} cannot be verified with ${option}: ${redactText((error as Error).message, credentialValues(creds))}; do not trust this answer`,
      { operationId: op.operationId },
      { cause: safeCause(error, credentialValues(creds)) },
    );
  }
  if (!ok)
    throw new ResponseSignatureError(
      wallet
        ? "wallet response checksum does not verify with credentials.walletSecret: do not trust this answer"
        : "result.hash does not verify with credentials.salt: the answer may be forged or corrupted; do not act on it",
      { operationId: op.operationId },
    );
}
