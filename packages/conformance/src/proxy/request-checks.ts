// Checks a live request against its operation: parameters (path, query, header), credentials, and the body schema.
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import type { Finding } from "../checks.js";
import { contentBreaks } from "../content-schema.js";
import { requestBody } from "../request-builder.js";
import { deref, type Operation, type SpecSet } from "../spec-set.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;
const addFormats = require("ajv-formats") as (ajv: unknown) => void;

interface Prepared {
  params: { name: string; in: string; required: boolean; validate?: ValidateFunction }[];
  body?: { mediaType: string; schema: unknown; required: boolean; validate?: ValidateFunction };
  /** Header names of which one is needed (the security requirement), or none when a call may go without. */
  credentialHeaders: string[];
}

/** Request validators of every operation, compiled once per proxy. */
export type RequestValidators = Map<Operation, Prepared>;

const toDefs = (value: unknown) =>
  JSON.parse(JSON.stringify(value ?? {}).replace(/"\$ref":"#\/components\/schemas\//g, '"$ref":"#/$defs/'));

function credentialHeaders(specs: SpecSet, op: Operation): string[] {
  const security = op.raw.security as Record<string, unknown>[] | undefined;
  if (!security?.length || security.some((s) => Object.keys(s).length === 0)) return [];
  const schemes = (specs.docs.get(op.host)?.components as { securitySchemes?: Record<string, unknown> })
    ?.securitySchemes;
  const names = new Set<string>();
  for (const alternative of security)
    for (const name of Object.keys(alternative)) {
      const s = deref(specs.docs.get(op.host), schemes?.[name]) as {
        type?: string;
        in?: string;
        name?: string;
      };
      if (s?.type === "http") names.add("authorization");
      else if (s?.type === "apiKey" && s.in === "header" && s.name) names.add(s.name.toLowerCase());
    }
  return [...names];
}

/**
 * Compiles the request validators of every operation (parameters with coercion, as they travel as text; bodies).
 *
 * @example
 * const validators = prepareRequestValidators(loadSpecSet());
 */
export function prepareRequestValidators(specs: SpecSet): RequestValidators {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, coerceTypes: true });
  addFormats(ajv);
  const out: RequestValidators = new Map();
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
      })) as Prepared["params"],
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

const bad = (pointer: string, expected: string, actual: string): Finding => ({
  check: "request_valid",
  ok: false,
  pointer,
  expected,
  actual,
});

function paramValue(op: Operation, p: Prepared["params"][number], url: URL, headers: Record<string, string>) {
  if (p.in === "query") return url.searchParams.get(p.name) ?? undefined;
  if (p.in === "header") return headers[p.name.toLowerCase()];
  if (p.in === "path") {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const values = op.regex.exec(url.pathname);
    const i = names.indexOf(p.name);
    return i >= 0 && values?.[i + 1] !== undefined ? decodeURIComponent(values[i + 1] as string) : undefined;
  }
  return undefined;
}

/**
 * Parses a request body by its media type; forms become an object of strings.
 *
 * @example
 * parseRequestBody("application/x-www-form-urlencoded", "key=Jx7Kq2&amount=1.00"); // { key: "Jx7Kq2", amount: "1.00" }
 */
export function parseRequestBody(mediaType: string, text: string): Record<string, unknown> | unknown {
  if (mediaType.includes("json")) return JSON.parse(text);
  if (mediaType === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/**
 * Every break of a request of `op`: a missing or invalid parameter, missing credentials, a body that does not
 * parse as its media type or breaks its schema (JSON carried in a string field included).
 *
 * @example
 * const findings = requestFindings(specs, validators, op, { url, headers, body });
 */
export function requestFindings(
  specs: SpecSet,
  validators: RequestValidators,
  op: Operation,
  req: { url: string; headers: Record<string, string>; body?: string },
): Finding[] {
  const prepared = validators.get(op);
  if (!prepared) return [];
  const out: Finding[] = [];
  const url = new URL(req.url);
  for (const p of prepared.params) {
    const value = paramValue(op, p, url, req.headers);
    if (value === undefined) {
      if (p.required) out.push(bad(`${p.in} ${p.name}`, "present (required)", "absent"));
      continue;
    }
    if (p.validate && !p.validate(value))
      out.push(
        bad(
          `${p.in} ${p.name}`,
          p.validate.errors?.[0]?.keyword ?? "valid",
          p.validate.errors?.[0]?.message ?? "",
        ),
      );
  }
  if (prepared.credentialHeaders.length && !prepared.credentialHeaders.some((h) => req.headers[h]))
    out.push(
      bad(
        `header ${prepared.credentialHeaders.join(" or ")}`,
        "credentials (security requirement)",
        "absent",
      ),
    );
  const body = prepared.body;
  if (body && (req.body === undefined || req.body === "")) {
    if (body.required) out.push(bad("request body", `a ${body.mediaType} body (required)`, "empty"));
  } else if (body && req.body !== undefined) {
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (type !== body.mediaType) out.push(bad("header content-type", body.mediaType, type || "(none)"));
    let value: unknown;
    try {
      value = parseRequestBody(body.mediaType, req.body);
    } catch (error) {
      out.push(bad("request body", `parseable ${body.mediaType}`, (error as Error).message));
      return out;
    }
    for (const b of contentBreaks(specs, op.host, body.schema, value))
      out.push(bad(`request body ${b.pointer}`, b.expected, b.actual));
    if (body.validate && !body.validate(structuredClone(value)))
      for (const e of body.validate.errors ?? []) {
        const missing =
          e.keyword === "required" ? `/${(e.params as { missingProperty: string }).missingProperty}` : "";
        out.push(bad(`request body ${e.instancePath}${missing}`, e.keyword, e.message ?? "invalid"));
      }
  }
  if (out.length === 0) out.push({ check: "request_valid", ok: true });
  return out;
}
