// The verdict on a positive case: passed on the documented success; otherwise failed under signature_accepted,
// credentials_accepted or positive_success, naming the PGI_* names the operation uses.
import { refusesCredentials } from "../checks/credentials-accepted.js";
import { notSuccess, successText } from "../checks/positive-success.js";
import { refusesSignature, signatureExplanation } from "../checks/signature-accepted.js";
import {
  authorizationField,
  baseUrlName,
  bodyCredentialFields,
  configName,
  parameterField,
  recipeSecretField,
} from "../config/configuration.js";
import type { Exchange, Finding } from "../model/finding.js";
import type { Target } from "../model/target.js";
import { requestBody, signatureSchemes } from "../spec/request-body.js";
import type { Operation, SpecSet } from "../spec/spec-set.js";

type Json = Record<string, unknown>;

/** The configuration names of the fields a request's hash or checksum depends on (its secret, the merchant key). */
function signingNames(specs: SpecSet, op: Operation): string[] {
  const kinds = signatureSchemes(specs, op).map((s): "salt" | "signing-secret" =>
    s === "wallet-checksum" ? "signing-secret" : "salt",
  );
  const secrets = [...new Set(kinds)].flatMap((k) => recipeSecretField(op.host, k) ?? []);
  return [...secrets, ...bodyCredentialFields(op.host).map(([, field]) => field)].map(configName);
}

/**
 * The `PGI_*` names an operation's request uses: its base URL, credential headers, credential body fields and the
 * secret that signs it.
 *
 * @example
 * credentialNames(specs, op); // ["PGI_PAYOUT_URL", "PGI_PAYOUT_TOKEN", "PGI_PAYOUT_MERCHANT_ID"]
 */
export function credentialNames(specs: SpecSet, op: Operation): string[] {
  const names = new Set([baseUrlName(op.host)]);
  const security = (op.raw.security as Json[] | undefined) ?? [];
  const authorization = authorizationField(op.host);
  if (authorization && security.some((alt) => Object.keys(alt).length > 0))
    names.add(configName(authorization));
  for (const p of op.params) {
    const field = parameterField(op.host, p.name);
    if (field && p.in === "header") names.add(configName(field));
  }
  const rb = requestBody(specs, op);
  const body = JSON.stringify(rb?.schema ?? {}) + JSON.stringify(rb?.examples ?? []);
  for (const [bodyField, field] of bodyCredentialFields(op.host))
    if (body.includes(`"${bodyField}"`)) names.add(configName(field));
  for (const kind of new Set(
    signatureSchemes(specs, op).map((s) => (s === "wallet-checksum" ? "signing-secret" : "salt")),
  )) {
    const field = recipeSecretField(op.host, kind as "salt" | "signing-secret");
    if (field) names.add(configName(field));
  }
  return [...names];
}

/** The text in which a host explains a refusal: the body and any hint or error header. */
function refusalText(ex: Exchange): string {
  const headers = Object.entries(ex.response.headers)
    .filter(([k]) => /hint|error|message|www-authenticate/i.test(k))
    .map(([, v]) => v);
  // A signed answer names its own digest field ("checksum", "hash"): that is not a complaint about the request's.
  const body = ex.response.body.slice(0, 2_000).replace(/"(hash|checksum)"\s*:\s*"[^"]*"/g, "");
  return [body, ...headers].join(" ");
}

/**
 * The finding of a positive case: passed on the documented success; otherwise failed under
 * `signature_accepted`, `credentials_accepted` or `positive_success`, naming the `PGI_*` variables to check.
 *
 * @example
 * const finding = positiveFinding(specs, op, exchange, target);
 */
export function positiveFinding(specs: SpecSet, op: Operation, ex: Exchange, target: Target): Finding {
  const why = notSuccess(op.host, ex);
  if (why === undefined) return { check: "positive_success", ok: true };
  const names = credentialNames(specs, op);
  const text = refusalText(ex);
  const expected = successText(op.host);
  if (refusesSignature(specs, op, text)) {
    const signing = signingNames(specs, op);
    const digest = signatureSchemes(specs, op).includes("wallet-checksum") ? "checksum" : "hash";
    const hint = `the target says the ${digest} is wrong; check ${names.filter((n) => signing.includes(n)).join(", ")}`;
    const explained = signatureExplanation(specs, op, ex, target);
    return {
      check: "signature_accepted",
      ok: false,
      expected,
      actual: why,
      message: [hint, ...(explained?.lines ?? [])].join("\n"),
      ...(explained?.detail ? { detail: explained.detail } : {}),
    };
  }
  if (refusesCredentials(ex, text))
    return {
      check: "credentials_accepted",
      ok: false,
      expected,
      actual: why,
      message: `the target refuses the credentials; check ${names.join(", ")}`,
    };
  return {
    check: "positive_success",
    ok: false,
    expected,
    actual: why,
    message: `the documented success was not returned; this operation uses ${names.join(", ")}`,
  };
}
