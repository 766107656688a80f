// Builds requests from the specs' examples with the target's credentials: parameters, Authorization, bodies, hashes.
import { sign } from "@pgi/signing";
import {
  authorizationField,
  bodyCredentialFields,
  parameterField,
  recipeSecretField,
} from "../config/configuration.js";
import type { Credentials, Target } from "../model/target.js";
import { requestBody, requestScheme } from "../spec/request-body.js";
import type { Operation, Parameter, SpecSet } from "../spec/spec-set.js";

/** A request ready to send. */
export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The fields before serialisation (forms and JSON), for the response-signature check. */
  fields?: Record<string, unknown>;
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

function paramValue(op: Operation, p: Parameter, credentials: Credentials): string | undefined {
  const field = parameterField(op.host, p.name);
  if (field && credentials[field]) return credentials[field];
  const example =
    p.example ??
    Object.values(p.examples ?? {})[0]?.value ??
    (p.schema?.examples as unknown[] | undefined)?.[0] ??
    p.schema?.example;
  return example === undefined ? undefined : String(example);
}

const asStrings = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );

/**
 * Signs `fields` in place with the operation's scheme when the target has the secret.
 *
 * @example
 * signFields(specs, op, fields, target.credentials); // fields.hash is now the recipe's digest
 */
export function signFields(
  specs: SpecSet,
  op: Operation,
  fields: Record<string, unknown>,
  credentials: Credentials,
): void {
  const scheme = requestScheme(specs, op, fields);
  if (!scheme) return;
  const wallet = scheme === "wallet-checksum";
  const field = recipeSecretField(op.host, wallet ? "signing-secret" : "salt");
  const secret = field ? credentials[field] : undefined;
  if (!secret) return;
  try {
    if (wallet) fields.checksum = sign("wallet-checksum", asStrings(fields) as never, secret).digest;
    else fields.hash = sign(scheme as "payment-request", asStrings(fields) as never, secret).digest;
  } catch {
    // A field of the recipe is missing (a negative case dropped it): the request goes out with its old hash.
  }
}

/** The Authorization header of `op` from the target's credentials, when the operation needs one. */
function authorization(op: Operation, credentials: Credentials): string | undefined {
  const field = authorizationField(op.host);
  const value = field ? credentials[field] : undefined;
  if (!value || !op.authorization) return undefined;
  return op.authorization === "bearer" ? `Bearer ${value}` : value;
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
  const { credentials } = target;
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    if (options.omit?.includes(p.name)) continue;
    const value =
      (p.in === "path" ? options.pathParams?.[p.name] : options.query?.[p.name]) ??
      paramValue(op, p, credentials);
    if (value === undefined) continue;
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === "query" && (p.required || options.query?.[p.name] !== undefined))
      query.set(p.name, value);
    else if (p.in === "header" && (p.required || parameterField(op.host, p.name))) headers[p.name] = value;
  }
  if (!options.withoutSecurity && (op.raw.security as unknown[] | undefined)?.length) {
    const value = authorization(op, credentials);
    if (value) headers.Authorization = value;
  }
  Object.assign(headers, options.headers ?? {});
  const base = target.urls[op.host] ?? "";
  const qs = query.toString();
  const out: BuiltRequest = { method: op.method, url: `${base}${path}${qs ? `?${qs}` : ""}`, headers };
  const rb = requestBody(specs, op);
  if (rb && options.body) {
    const fields = structuredClone(options.body);
    for (const [bodyField, field] of bodyCredentialFields(op.host)) {
      if (bodyField in fields && credentials[field]) fields[bodyField] = credentials[field];
    }
    if (!options.keepHash) signFields(specs, op, fields, credentials);
    headers["Content-Type"] = rb.mediaType;
    out.fields = fields;
    out.body =
      rb.mediaType === "application/x-www-form-urlencoded"
        ? new URLSearchParams(asStrings(fields)).toString()
        : JSON.stringify(fields);
  }
  return out;
}
