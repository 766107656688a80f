// Prism's request validation, compiled once per operation: the same Ajv options, schemas, deserialisation and
// messages as Prism's validateInput, without its fp-ts plumbing. Operations using what it does not cover go to Prism.
import { createRequire } from "node:module";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { PrismOperation } from "./spec-index.js";

const require = createRequire(import.meta.url);
type AjvClass = typeof import("ajv").default;

/** One finding in Prism's shape: severity 0 only (warnings never change the answer). */
export interface Diagnostic {
  path?: string[];
  code: string | number;
  message: string;
}

/** What the validator needs of a request, exactly as Prism receives it. */
export interface PrismShapedRequest {
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
  /**
   * The form body's fields already decoded by decodeFormAsPrism's rules, when the caller has them: saves decoding
   * the body again. Must be the decoding of `body`.
   */
  form?: Record<string, string>;
}

/** Validates one operation's requests; `undefined` means "not covered here: ask Prism". */
export type RequestValidator = (req: PrismShapedRequest) => Diagnostic[] | undefined;

interface Param {
  name: string;
  style?: string;
  explode?: boolean;
  deprecated?: boolean;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Content {
  mediaType: string;
  schema?: Record<string, unknown>;
  encodings?: unknown[];
}

const BASE = {
  allErrors: true,
  allowUnionTypes: true,
  allowMatchingProperties: true,
  strict: false,
  logger: false as const,
};
const instances = new Map<string, import("ajv").default>();
/** Prism's Ajv instance for a `$schema` (draft-07 by default, 2019-09, 2020-12), coercing or not. */
function ajvFor(schema: Record<string, unknown>, coerce: boolean) {
  const s = String(schema.$schema);
  const draft = /^https?:\/\/json-schema.org\/draft\/2019-09\/schema#?$/.test(s)
    ? "2019"
    : /^https?:\/\/json-schema.org\/draft\/2020-12\/schema#?$/.test(s)
      ? "2020"
      : "07";
  const key = `${draft}:${coerce}`;
  let ajv = instances.get(key);
  if (!ajv) {
    const file = draft === "07" ? "ajv" : `ajv/dist/${draft}.js`;
    const mod = require(file) as AjvClass | { default: AjvClass };
    const Ajv = ("default" in mod ? mod.default : mod) as AjvClass;
    ajv = new Ajv({ ...BASE, coerceTypes: coerce });
    (require("ajv-formats") as (ajv: unknown) => void)(ajv);
    instances.set(key, ajv);
  }
  return ajv;
}

/** Prism's convertAjvErrors, message for message. */
function convert(errors: ErrorObject[], prefix: string): Diagnostic[] {
  return errors.map((error) => {
    const p = error.params as Record<string, unknown>;
    const allowed = "allowedValues" in p ? `: ${(p.allowedValues as unknown[]).join(", ")}` : "";
    const additional = "additionalProperty" in p ? `; found '${p.additionalProperty}'` : "";
    const unevaluated = "unevaluatedProperty" in p ? `: '${p.unevaluatedProperty}'` : "";
    const errorPath = error.instancePath.split("/").filter((s) => s !== "");
    const kind = errorPath.length > 0 ? (prefix === "body" ? "property " : "parameter ") : "";
    const source = `Request ${prefix} ${kind}${errorPath.join(".").trim()}${errorPath.length > 0 ? " " : ""}`;
    return {
      path: [prefix, ...errorPath],
      code: error.keyword || "",
      message: `${source}${error.message || ""}${allowed}${additional}${unevaluated}`,
    };
  });
}

function run(validate: ValidateFunction, value: unknown, prefix: string): Diagnostic[] {
  return validate(value) ? [] : convert(validate.errors ?? [], prefix);
}

/** Keywords and formats whose Prism handling (allOf merging, readOnly stripping, its own date-time) we do not copy. */
const UNCOVERED = /"(allOf|readOnly|\$ref)"|"format":"(date-time|time)"/;
const scalar = (schema: Record<string, unknown> | undefined) => {
  const t = schema?.type;
  const types = Array.isArray(t) ? t : [t];
  return !types.includes("array") && !types.includes("object");
};

function compileParams(params: Param[] | undefined, prefix: string, styles: string[]) {
  if (!params || params.length === 0) return () => [];
  if (
    params.some(
      (p) => p.deprecated || p.explode || !styles.includes(p.style ?? styles[0] ?? "") || !scalar(p.schema),
    )
  )
    return undefined;
  if (UNCOVERED.test(JSON.stringify(params.map((p) => p.schema ?? {})))) return undefined;
  const properties: Record<string, unknown> = {};
  for (const p of params) if (p.schema) properties[p.name.toLowerCase()] = p.schema;
  const schema = {
    type: "object",
    properties,
    required: params.filter((p) => p.required).map((p) => p.name.toLowerCase()),
  };
  const names = [...new Set(params.map((p) => p.name.toLowerCase()))];
  let validate: ValidateFunction | undefined;
  return (target: Record<string, string | string[]>) => {
    const lower: Record<string, string | string[]> = {};
    for (const k of Object.keys(target)) lower[k.toLowerCase()] = target[k] as string | string[];
    const values: Record<string, unknown> = {};
    for (const name of names) if (lower[name]) values[name] = lower[name];
    validate ??= ajvFor(schema, true).compile(schema);
    return run(validate, values, prefix);
  };
}

/**
 * Prism's form decoding: split on & and =, + as space in values (not in names), undecodable values kept, a later
 * pair overwriting an earlier one of the same name.
 *
 * @example
 * decodeFormAsPrism("a=1+2&b=%41&a+b=x"); // { a: "1 2", b: "A", "a+b": "x" }
 */
export function decodeFormAsPrism(raw: string): Record<string, string> {
  const split: Record<string, string> = {};
  for (const pair of raw.split("&")) {
    const [key, ...rest] = pair.split("=");
    split[key as string] = rest.join("=");
  }
  const decoded: Record<string, string> = {};
  for (const [k, v] of Object.entries(split)) {
    try {
      decoded[decodeURIComponent(k)] = decodeURIComponent(v.replaceAll("+", "%20"));
    } catch {
      decoded[decodeURIComponent(k)] = v;
    }
  }
  return decoded;
}

/** The decoded form as Prism validates it: only the schema's properties, when it lists any. */
function formFields(
  decoded: Record<string, string>,
  schema: Record<string, unknown>,
): Record<string, unknown> {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!properties) return decoded;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) out[name] = decoded[name];
  return out;
}

function compileBody(body: { required?: boolean; contents?: Content[] } | undefined) {
  const contents = body?.contents ?? [];
  if (contents.some((c) => (c.encodings?.length ?? 0) > 0 || /[*]|multipart/.test(c.mediaType)))
    return undefined;
  if (UNCOVERED.test(JSON.stringify(contents.map((c) => c.schema ?? {})))) return undefined;
  const compiled = new Map<Content, ValidateFunction>();
  const form = (c: Content) => c.mediaType.toLowerCase() === "application/x-www-form-urlencoded";
  const validatorOf = (c: Content, schema: Record<string, unknown>) => {
    let v = compiled.get(c);
    if (!v) {
      v = ajvFor(schema, form(c)).compile(schema);
      compiled.set(c, v);
    }
    return v;
  };
  return (req: PrismShapedRequest): Diagnostic[] | undefined => {
    const value = req.body;
    if (body?.required && !value) return [{ code: "required", message: "Body parameter is required" }];
    const header = req.headers["content-type"];
    const mediaType = header === undefined ? undefined : header.split(";")[0]?.trim().toLowerCase();
    const length = Number.parseInt(req.headers["content-length"] ?? "", 10) || 0;
    const content =
      mediaType === undefined ? undefined : contents.find((c) => c.mediaType.toLowerCase() === mediaType);
    if (length > 0) {
      if (!body)
        return [{ code: 415, message: "No supported content types, but request included a non-empty body" }];
      if (mediaType !== undefined && !content) return undefined;
    }
    if (!body || value === undefined || value === null) return [];
    if (mediaType !== undefined && !content) return undefined;
    const chosen = content ?? contents[0];
    const schema = chosen?.schema;
    if (!chosen || !schema) return [];
    if (content && form(content)) {
      if (typeof value !== "string") return [{ code: "422", message: "Target is not a string" }];
      const decoded = req.form ?? decodeFormAsPrism(value);
      return run(validatorOf(chosen, schema), formFields(decoded, schema), "body");
    }
    return run(validatorOf(chosen, schema), value, "body");
  };
}

function pathParams(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\\?\{([^}]+)\\?\}/g, (_m, n: string) => {
      names.push(n);
      return "([^/]*)";
    });
  const m = new RegExp(`^${pattern}$`).exec(path);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    const raw = m[i + 1] ?? "";
    if (raw.includes(",")) return undefined;
    try {
      out[names[i] as string] = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return out;
}

/**
 * Compiles the validator of an operation as Prism sees it (schemas compile on first use), or returns undefined
 * when the operation uses something only Prism's own validator handles.
 *
 * @example
 * const validate = compileRequestValidator(op.prism);
 * validate?.({ path: "/otp/send", query: {}, headers, body: { mobileNumber: "1" } }); // [{ path: ["body", "mobileNumber"], code: "pattern", ... }]
 */
export function compileRequestValidator(op: PrismOperation): RequestValidator | undefined {
  const request = (op.request ?? {}) as Record<string, unknown>;
  const body = compileBody(request.body as never);
  const headers = compileParams(request.headers as Param[] | undefined, "header", ["simple"]);
  const query = compileParams(request.query as Param[] | undefined, "query", ["form"]);
  const path = compileParams(request.path as Param[] | undefined, "path", ["simple"]);
  if (!body || !headers || !query || !path) return undefined;
  const hasPathParams = ((request.path as Param[] | undefined) ?? []).length > 0;
  return (req) => {
    const fromBody = body(req);
    if (!fromBody) return undefined;
    let fromPath: Diagnostic[] = [];
    if (hasPathParams) {
      const values = pathParams(op.path, req.path);
      if (!values) return undefined;
      fromPath = path(values);
    }
    return [...fromBody, ...headers(req.headers), ...query(req.query), ...fromPath];
  };
}
