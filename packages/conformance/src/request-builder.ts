// Builds requests from the specs' examples with the target's credentials: parameters, security, bodies, hashes.
import { sign } from "@pgi/signing";
import { deref, type Host, type Operation, type SpecSet } from "./spec-set.js";

/** Where to send and with which credentials (keyed by the configuration names of DESIGN.md). */
export interface Target {
  name: string;
  urls: Partial<Record<Host, string>>;
  creds: Record<string, string | undefined>;
  /** True when the target is the embedded mock (its control API can be used). */
  isMock: boolean;
}

/** A request ready to send. */
export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The fields before serialisation (forms and JSON), for the response-signature check. */
  fields?: Record<string, unknown>;
}

/** The bearer token configuration name per host. */
export const TOKEN_NAME: Partial<Record<Host, string>> = {
  partner: "PGI_PARTNER_TOKEN",
  accounts: "PGI_ACCOUNTS_TOKEN",
  payout: "PGI_PAYOUT_TOKEN",
  bbps: "PGI_BBPS_TOKEN",
};

/** The configuration name of a host's Authorization value: its bearer token, or the OTP service's raw value. */
export function authorizationName(host: Host): string | undefined {
  return host === "otp" ? "PGI_OTP_AUTHORIZATION" : TOKEN_NAME[host];
}

/** Configuration names each host's suite needs; a suite whose names are unset is skipped. */
export const REQUIRED_CREDENTIALS: Record<Host, string[]> = {
  otp: ["PGI_OTP_AUTHORIZATION", "PGI_OTP_CLIENT_TYPE"],
  gateway: ["PGI_MERCHANT_KEY", "PGI_SALT"],
  wallet: ["PGI_WALLET_MID", "PGI_WALLET_SECRET"],
  partner: ["PGI_PARTNER_TOKEN", "PGI_RESELLER_UUID"],
  accounts: ["PGI_ACCOUNTS_TOKEN"],
  payout: ["PGI_PAYOUT_TOKEN", "PGI_PAYOUT_MERCHANT_ID"],
  bbps: ["PGI_BBPS_TOKEN"],
};

/** Parameter values taken from the credentials rather than the examples. */
export const PARAM_CREDENTIAL: Readonly<Record<string, string>> = {
  clienttype: "PGI_OTP_CLIENT_TYPE",
  pid: "PGI_PAYOUT_MERCHANT_ID",
  payoutmerchantid: "PGI_PAYOUT_MERCHANT_ID",
  mid: "PGI_PAYOUT_MID",
};

/** Body fields taken from the credentials. */
export const FIELD_CREDENTIAL: Readonly<Partial<Record<Host, Record<string, string>>>> = {
  gateway: { key: "PGI_MERCHANT_KEY" },
  wallet: { mid: "PGI_WALLET_MID" },
  partner: { reseller_uuid: "PGI_RESELLER_UUID" },
};

/** The request body's media type, schema and named examples. */
export function requestBody(specs: SpecSet, op: Operation) {
  const doc = specs.docs.get(op.host);
  const rb = deref(doc, op.raw.requestBody) as
    | { content?: Record<string, { schema?: unknown; examples?: Record<string, unknown> }> }
    | undefined;
  const [mediaType, media] = Object.entries(rb?.content ?? {})[0] ?? [];
  if (!mediaType || !media) return undefined;
  const examples = Object.entries(media.examples ?? {}).map(
    ([name, ex]) => [name, structuredClone((deref(doc, ex) as { value?: unknown }).value)] as const,
  );
  return { mediaType, schema: deref(doc, media.schema), examples };
}

/** The signature scheme of the request schema variant whose required fields the body has (data from the spec). */
export function requestScheme(
  specs: SpecSet,
  op: Operation,
  body: Record<string, unknown>,
): string | undefined {
  const doc = specs.docs.get(op.host);
  const schema = requestBody(specs, op)?.schema as Record<string, unknown> | undefined;
  if (!schema) return undefined;
  const variants = [
    schema,
    ...((schema.oneOf ?? schema.anyOf ?? []) as unknown[]).map((v) => deref(doc, v)),
  ] as Record<string, unknown>[];
  for (const v of variants.reverse()) {
    const sig = deref(doc, v["x-pgi-signature"]) as { id?: string } | undefined;
    const required = (v.required ?? []) as string[];
    if (sig?.id && required.every((k) => k in body)) return sig.id;
  }
  return op.signature;
}

function paramValue(p: Operation["params"][number], creds: Target["creds"]): string | undefined {
  const fromCreds = PARAM_CREDENTIAL[p.name.toLowerCase()];
  if (fromCreds && creds[fromCreds]) return creds[fromCreds];
  const example =
    p.example ??
    Object.values(p.examples ?? {})[0]?.value ??
    (p.schema?.examples as unknown[] | undefined)?.[0] ??
    p.schema?.example;
  return example === undefined ? undefined : String(example);
}

/** Signs `fields` in place with the operation's scheme when the target has the secret. */
export function signFields(
  specs: SpecSet,
  op: Operation,
  fields: Record<string, unknown>,
  creds: Target["creds"],
): void {
  const scheme = requestScheme(specs, op, fields);
  const strings = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
  try {
    if (scheme === "wallet-checksum" && creds.PGI_WALLET_SECRET) {
      fields.checksum = sign("wallet-checksum", strings as never, creds.PGI_WALLET_SECRET).digest;
    } else if (scheme && scheme !== "wallet-checksum" && creds.PGI_SALT) {
      fields.hash = sign(scheme as "payment-request", strings as never, creds.PGI_SALT).digest;
    }
  } catch {
    // A field of the recipe is missing (a negative case dropped it): the request goes out with its old hash.
  }
}

/** Options of buildRequest(). */
export interface BuildOptions {
  body?: Record<string, unknown>;
  /** Leave out the credentials of the security requirement. */
  withoutSecurity?: boolean;
  /** Do not recompute hash/checksum. */
  keepHash?: boolean;
  query?: Record<string, string>;
  pathParams?: Record<string, string>;
  headers?: Record<string, string>;
  /** Parameters to leave out (negative cases). */
  omit?: string[];
}

/**
 * Builds a request for `op` on `target`.
 *
 * @example
 * const req = buildRequest(specs, op, target, { body: example });
 * await fetch(req.url, req);
 */
export function buildRequest(
  specs: SpecSet,
  op: Operation,
  target: Target,
  options: BuildOptions = {},
): BuiltRequest {
  const { creds } = target;
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    if (options.omit?.includes(p.name)) continue;
    const value =
      (p.in === "path" ? options.pathParams?.[p.name] : options.query?.[p.name]) ?? paramValue(p, creds);
    if (value === undefined) continue;
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === "query" && (p.required || options.query?.[p.name] !== undefined))
      query.set(p.name, value);
    else if (p.in === "header" && (p.required || PARAM_CREDENTIAL[p.name.toLowerCase()]))
      headers[p.name] = value;
  }
  if (!options.withoutSecurity && (op.raw.security as unknown[] | undefined)?.length) {
    const token = TOKEN_NAME[op.host];
    if (token && creds[token]) headers.Authorization = `Bearer ${creds[token]}`;
    if (op.host === "otp" && creds.PGI_OTP_AUTHORIZATION) headers.Authorization = creds.PGI_OTP_AUTHORIZATION;
  }
  Object.assign(headers, options.headers ?? {});
  const base = target.urls[op.host] ?? "";
  const qs = query.toString();
  const out: BuiltRequest = { method: op.method, url: `${base}${path}${qs ? `?${qs}` : ""}`, headers };
  const rb = requestBody(specs, op);
  if (rb && options.body) {
    const fields = structuredClone(options.body);
    for (const [field, name] of Object.entries(FIELD_CREDENTIAL[op.host] ?? {})) {
      if (field in fields && creds[name]) fields[field] = creds[name];
    }
    if (!options.keepHash) signFields(specs, op, fields, creds);
    headers["Content-Type"] = rb.mediaType;
    out.fields = fields;
    out.body =
      rb.mediaType === "application/x-www-form-urlencoded"
        ? new URLSearchParams(
            Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          ).toString()
        : JSON.stringify(fields);
  }
  return out;
}
