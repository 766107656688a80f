// Validation findings in one shape ({location, field, rule, message}) and RFC 7807 problem answers.
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { type HostSpec, type OperationInfo, resolve } from "../core/spec-index.js";
import type { MockResponse } from "../types.js";

const require = createRequire(import.meta.url);

/** One reason a request breaks the contract. */
export interface Violation {
  /** body, query, header or path. */
  location: string;
  /** The field, e.g. "body.mobileNumber" or "header.clienttype" or "body.si_details.billingCycle". */
  field: string;
  /** The JSON Schema keyword that failed: required, pattern, enum, type, ... */
  rule: string;
  message: string;
}

/** An RFC 7807 problem answer. */
export function problem(status: number, title: string, detail: string, extra: object = {}): MockResponse {
  return {
    status,
    contentType: "application/problem+json",
    body: { type: `https://pgi.dev/mock/problems/${status}`, title, status, detail, ...extra },
  };
}

/** Converts Prism's validation results. */
export function fromPrism(
  items: { path?: string[]; code?: string | number; message: string }[],
): Violation[] {
  return items.map((item) => {
    const path = (item.path ?? []).map(String);
    const location = path[0] ?? "request";
    let field = path.join(".") || location;
    const named = /property '([^']+)'/.exec(item.message);
    if (named && (item.code === "required" || item.code === "additionalProperties"))
      field = `${field}.${named[1]}`;
    return { location, field, rule: String(item.code ?? "invalid"), message: item.message };
  });
}

let shared: import("ajv").default | undefined;
/** The Ajv 2020 instance for JSON-in-form schemas, loaded on first use (Ajv takes a while to load). */
function ajv(): import("ajv").default {
  if (!shared) {
    const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;
    const addFormats = require("ajv-formats") as (ajv: unknown) => void;
    shared = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
    addFormats(shared);
  }
  return shared;
}
const validators = new WeakMap<OperationInfo, Map<string, ValidateFunction>>();

function jsonInFormValidators(spec: HostSpec, op: OperationInfo): Map<string, ValidateFunction> {
  let map = validators.get(op);
  if (map) return map;
  map = new Map();
  const content = ((
    resolve(spec.doc, op.raw.requestBody) as { content?: Record<string, { schema?: unknown }> }
  )?.content ?? {}) as Record<string, { schema?: unknown }>;
  const form = content["application/x-www-form-urlencoded"];
  const collect = (schema: unknown, depth: number) => {
    const s = resolve(spec.doc, schema) as Record<string, unknown> | undefined;
    if (!s || depth > 5) return;
    for (const key of ["allOf", "oneOf", "anyOf"]) {
      for (const sub of (s[key] as unknown[] | undefined) ?? []) collect(sub, depth + 1);
    }
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      const p = resolve(spec.doc, prop) as Record<string, unknown>;
      if (p?.contentMediaType === "application/json" && p.contentSchema && !map?.has(name)) {
        const schemaWithDefs = inline(spec.doc, p.contentSchema, 0) as object;
        map?.set(name, ajv().compile(schemaWithDefs));
      }
    }
  };
  if (form) collect(form.schema, 0);
  validators.set(op, map);
  return map;
}

/** Inlines local $refs so a sub-schema compiles on its own (bundles keep refs under #/components). */
function inline(doc: unknown, schema: unknown, depth: number): unknown {
  if (depth > 30 || schema === null || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((s) => inline(doc, s, depth + 1));
  const resolved = resolve(doc, schema) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, inline(doc, v, depth + 1)]));
}

/**
 * Checks the JSON carried inside form fields (contentMediaType application/json): it must parse and match its
 * contentSchema. Prism's draft-07 validation does not look inside these strings.
 */
export function checkJsonInForm(spec: HostSpec, op: OperationInfo, body: unknown): Violation[] {
  if (!body || typeof body !== "object") return [];
  const out: Violation[] = [];
  for (const [name, validate] of jsonInFormValidators(spec, op)) {
    const raw = (body as Record<string, unknown>)[name];
    if (typeof raw !== "string") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      out.push({
        location: "body",
        field: `body.${name}`,
        rule: "contentMediaType",
        message: `must be a JSON string (${(error as Error).message})`,
      });
      continue;
    }
    if (!validate(value)) {
      for (const e of validate.errors ?? []) {
        const missing =
          e.keyword === "required" ? `.${(e.params as { missingProperty: string }).missingProperty}` : "";
        out.push({
          location: "body",
          field: `body.${name}${e.instancePath.replace(/\//g, ".")}${missing}`,
          rule: e.keyword,
          message: e.message ?? "invalid",
        });
      }
    }
  }
  return out;
}
