// Request validators of every operation (parameters with coercion, as they travel as text; bodies), compiled once per
// spec set, and a request body parsed by its media type.

import { createAjv, type ValidateFunction } from "../spec/ajv.js";
import { requestBody } from "../spec/request-body.js";
import { deref, type Operation, type SpecSet } from "../spec/spec-set.js";

/** What checking one operation's requests needs, prepared once. */
export interface PreparedRequest {
  params: { name: string; in: string; required: boolean; validate?: ValidateFunction }[];
  body?: { mediaType: string; schema: unknown; required: boolean; validate?: ValidateFunction };
  /** Header names of which one is needed (the security requirement), or none when a call may go without. */
  credentialHeaders: string[];
}

const toDefs = (value: unknown) =>
  JSON.parse(JSON.stringify(value ?? {}).replace(/"\$ref":"#\/components\/schemas\//g, '"$ref":"#/$defs/'));

function credentialHeaders(specs: SpecSet, op: Operation): string[] {
  const security = op.raw.security as Record<string, unknown>[] | undefined;
  if (!security?.length || security.some((s) => Object.keys(s).length === 0)) return [];
  const doc = specs.docs.get(op.host);
  const schemes = (doc?.components as { securitySchemes?: Record<string, unknown> })?.securitySchemes;
  const names = new Set<string>();
  for (const alternative of security)
    for (const name of Object.keys(alternative)) {
      const s = deref(doc, schemes?.[name]) as { type?: string; in?: string; name?: string };
      if (s?.type === "http") names.add("authorization");
      else if (s?.type === "apiKey" && s.in === "header" && s.name) names.add(s.name.toLowerCase());
    }
  return [...names];
}

function prepare(specs: SpecSet): Map<Operation, PreparedRequest> {
  const ajv = createAjv({ coerce: true });
  const out = new Map<Operation, PreparedRequest>();
  for (const op of specs.operations) {
    const doc = specs.docs.get(op.host);
    const defs = toDefs((doc?.components as { schemas?: object } | undefined)?.schemas);
    const compile = (schema: unknown): ValidateFunction | undefined => {
      try {
        return ajv.compile({ ...toDefs(deref(doc, schema)), $defs: defs });
      } catch {
        return undefined;
      }
    };
    const rb = requestBody(specs, op);
    const rawBody = deref(doc, op.raw.requestBody) as { required?: boolean } | undefined;
    out.set(op, {
      params: op.params.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        ...(p.schema ? { validate: compile(p.schema) } : {}),
      })) as PreparedRequest["params"],
      ...(rb
        ? {
            body: {
              mediaType: rb.mediaType,
              schema: rb.schema,
              required: rawBody?.required === true,
              validate: compile(rb.schema),
            },
          }
        : {}),
      credentialHeaders: credentialHeaders(specs, op),
    });
  }
  return out;
}

const prepared = new WeakMap<SpecSet, Map<Operation, PreparedRequest>>();

/**
 * The prepared request checks of `op` (every operation of the spec set is prepared on the first call).
 *
 * @example
 * const p = preparedRequest(specs, op); // p.params, p.body, p.credentialHeaders
 */
export function preparedRequest(specs: SpecSet, op: Operation): PreparedRequest | undefined {
  let all = prepared.get(specs);
  if (!all) {
    all = prepare(specs);
    prepared.set(specs, all);
  }
  return all.get(op);
}

/**
 * Parses a request body by its media type; forms become an object of strings.
 *
 * @example
 * parseRequestBody("application/x-www-form-urlencoded", "key=Jx7Kq2&amount=1.00"); // { key: "Jx7Kq2", amount: "1.00" }
 */
export function parseRequestBody(mediaType: string, text: string): unknown {
  if (mediaType.includes("json")) return JSON.parse(text);
  if (mediaType === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/** The media type of a Content-Type header: lower-cased, without parameters ("" when absent). */
export const mediaTypeOf = (header: string | undefined): string =>
  (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
