// Positive cases must get their documented success: a 2xx and, where the host defines one, the business success.
import { explain } from "@pgi/signing";
import type { Exchange, Finding } from "./checks.js";
import { maskText, secretsOf } from "./reproduce.js";
import {
  authorizationName,
  FIELD_CREDENTIAL,
  PARAM_CREDENTIAL,
  requestBody,
  requestScheme,
  type Target,
} from "./request-builder.js";
import type { Host, Operation, SpecSet } from "./spec-set.js";

type Json = Record<string, unknown>;

/** Why a business result is not a success, per host that defines one (undefined: a success). */
const BUSINESS: Partial<Record<Host, (body: Json) => string | undefined>> = {
  gateway: (b) => {
    const meta = (b.metaData ?? {}) as Json;
    const result = (b.result ?? {}) as Json;
    if (meta.statusCode != null && meta.statusCode !== "E000")
      return `metaData.statusCode ${String(meta.statusCode)}`;
    if (typeof result.error === "string" && result.error !== "" && result.error !== "E000")
      return `result.error ${result.error}`;
    if (meta.txnStatus === "failed" || meta.unmappedStatus === "failure") return "metaData.txnStatus failed";
    return undefined;
  },
  wallet: (b) => (b.statuscode === "0" ? undefined : `statuscode ${String(b.statuscode)}`),
  payout: (b) => (b.status === 0 ? undefined : `status ${String(b.status)}`),
  bbps: (b) => (b.code === 200 ? undefined : `code ${String(b.code)}`),
};

/** The success an operation's positive case must get, as a reader would state it. */
const SUCCESS_TEXT: Partial<Record<Host, string>> = {
  gateway: "2xx with metaData.statusCode and result.error E000 (or pending)",
  wallet: 'a 2xx with statuscode "0"',
  payout: "a 2xx with status 0",
  bbps: "a 2xx with code 200",
};

const SIGNATURE_WORDS = /\b(hash|checksum|signature)\b/i;
const CREDENTIAL_WORDS =
  /authori[sz]ation|unauthori[sz]ed|forbidden|access token|bearer|credential|merchant key|clienttype|merchant does not exist|access denied|insufficient scope/i;

/**
 * The `PGI_*` names an operation's request uses: its base URL, credential headers, credential body fields and the
 * secret that signs it.
 *
 * @example
 * credentialNames(specs, op); // ["PGI_PAYOUT_URL", "PGI_PAYOUT_TOKEN", "PGI_PAYOUT_MERCHANT_ID"]
 */
export function credentialNames(specs: SpecSet, op: Operation): string[] {
  const names = new Set([`PGI_${op.host.toUpperCase()}_URL`]);
  const security = (op.raw.security as Json[] | undefined) ?? [];
  if (security.some((alt) => Object.keys(alt).length > 0)) {
    const token = authorizationName(op.host);
    if (token) names.add(token);
  }
  for (const p of op.params) {
    const name = PARAM_CREDENTIAL[p.name.toLowerCase()];
    if (name && p.in === "header") names.add(name);
  }
  const rb = requestBody(specs, op);
  const body = JSON.stringify(rb?.schema ?? {}) + JSON.stringify(rb?.examples ?? []);
  for (const [field, name] of Object.entries(FIELD_CREDENTIAL[op.host] ?? {})) {
    if (body.includes(`"${field}"`)) names.add(name);
  }
  if (op.host === "wallet") names.add("PGI_WALLET_SECRET");
  else if (op.host === "gateway") names.add("PGI_SALT");
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

/** Why the answer is not the documented success, or undefined when it is one. */
export function notSuccess(host: Host, ex: Exchange): string | undefined {
  const { status, body } = ex.response;
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  const business = BUSINESS[host];
  if (!business) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "a body that is not JSON";
  }
  return parsed && typeof parsed === "object" ? business(parsed as Json) : "a body that is not an object";
}

/** The signing pre-image of the sent request with every secret masked, one line per part. */
function preimage(specs: SpecSet, op: Operation, ex: Exchange, target: Target): string | undefined {
  const body = ex.request.body;
  if (body === undefined) return undefined;
  const fields = Object.fromEntries(new URLSearchParams(body));
  const scheme = requestScheme(specs, op, fields);
  const secret = scheme === "wallet-checksum" ? target.creds.PGI_WALLET_SECRET : target.creds.PGI_SALT;
  if (!scheme || !secret) return undefined;
  try {
    const received = fields.hash ?? fields.checksum ?? "";
    const e = explain(scheme, fields, { secret, received });
    const text = e.match
      ? `${e.format()}\nthe digest sent is what the configured secret gives over this pre-image: the target signs with another secret, or over other fields or values`
      : e.format();
    return maskText(text, secretsOf(target));
  } catch (error) {
    return `(no pre-image: ${(error as Error).message})`;
  }
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
  const expected = SUCCESS_TEXT[op.host] ?? "a 2xx";
  const check =
    SIGNATURE_WORDS.test(text) && (op.host === "gateway" || op.host === "wallet")
      ? "signature_accepted"
      : ex.response.status === 401 || ex.response.status === 403 || CREDENTIAL_WORDS.test(text)
        ? "credentials_accepted"
        : "positive_success";
  const hint =
    check === "signature_accepted"
      ? `the target says the ${op.host === "wallet" ? "checksum" : "hash"} is wrong; check ${names.filter((n) => n === "PGI_SALT" || n === "PGI_WALLET_SECRET" || n === "PGI_MERCHANT_KEY" || n === "PGI_WALLET_MID").join(", ")}`
      : check === "credentials_accepted"
        ? `the target refuses the credentials; check ${names.join(", ")}`
        : `the documented success was not returned; this operation uses ${names.join(", ")}`;
  const image = check === "signature_accepted" ? preimage(specs, op, ex, target) : undefined;
  return {
    check,
    ok: false,
    expected,
    actual: why,
    message: image ? `${hint}\n${image}` : hint,
  };
}
