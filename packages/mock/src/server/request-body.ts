// Reads a request's Content-Type and body for an operation: media type checks and syntax, each failure named.
import type { HostSpec, OperationInfo } from "../core/spec-index.js";
import type { RefusalKind } from "./refusal.js";
import type { Violation } from "./violations.js";

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(
  `^\\s*(${TOKEN})/(${TOKEN})\\s*((;\\s*${TOKEN}=(${TOKEN}|"([^"\\\\]|\\\\.)*")\\s*)*)$`,
);

/** A parsed Content-Type (type/subtype lower-cased), or why it cannot be read. */
export type ContentType = { ok: true; type: string } | { ok: false; violation: Violation };

/**
 * Parses a Content-Type header as RFC 9110 defines it: one media type with optional parameters.
 *
 * @example
 * parseContentType("application/json; charset=utf-8"); // { ok: true, type: "application/json" }
 * parseContentType("application/json, text/plain").ok; // false: two media types
 */
export function parseContentType(value: string): ContentType {
  const m = MEDIA_TYPE.exec(value);
  if (!m) {
    return {
      ok: false,
      violation: {
        location: "header",
        field: "header.content-type",
        rule: "syntax",
        message: `${JSON.stringify(value.slice(0, 80))} is not one media type (type/subtype; parameters)`,
      },
    };
  }
  return { ok: true, type: `${m[1]}/${m[2]}`.toLowerCase() };
}

/** The body as the host's behaviour and Prism take it, or the refusal it calls for. */
export type ReadBody =
  | { ok: true; contentType: string | undefined; parsedBody: unknown; prismBody: unknown }
  | { ok: false; kind: RefusalKind; violations: Violation[] };

function acceptedMediaTypes(op: OperationInfo): string[] {
  const body = op.raw.requestBody as { content?: Record<string, unknown> } | undefined;
  return Object.keys(body?.content ?? {}).map((m) => m.toLowerCase());
}

const bodyViolation = (field: string, rule: string, message: string): Violation => ({
  location: "body",
  field,
  rule,
  message,
});

function readForm(raw: string): ReadBody {
  // Prism's form decoder throws on a malformed %-escape (URIError): refuse it here with the field's name.
  const fields: Record<string, string> = {};
  for (const pair of raw.split("&")) {
    const name = pair.split("=")[0] ?? "";
    try {
      decodeURIComponent(pair.replace(/\+/g, " "));
    } catch {
      return {
        ok: false,
        kind: "malformed-request",
        violations: [bodyViolation(`body.${name.slice(0, 40)}`, "syntax", "malformed percent-encoding")],
      };
    }
  }
  for (const [k, v] of new URLSearchParams(raw)) {
    if (k in fields) {
      return {
        ok: false,
        kind: "malformed-request",
        violations: [bodyViolation(`body.${k.slice(0, 40)}`, "syntax", "the field appears more than once")],
      };
    }
    fields[k] = v;
  }
  return { ok: true, contentType: "application/x-www-form-urlencoded", parsedBody: fields, prismBody: raw };
}

/**
 * Reads the body of a request to `op`: the Content-Type must parse and be one the operation accepts, and the
 * body must be well-formed for it (JSON, or a form without malformed escapes or repeated fields).
 *
 * @example
 * const body = readBody(spec, op, "POST", { "content-type": "application/json" }, '{"a":1}');
 * if (body.ok) body.parsedBody; // { a: 1 }
 */
export function readBody(
  _spec: HostSpec,
  op: OperationInfo,
  method: string,
  headers: Record<string, string>,
  raw: string,
): ReadBody {
  const header = headers["content-type"];
  const parsed = header === undefined ? undefined : parseContentType(header);
  if (parsed && !parsed.ok) return { ok: false, kind: "malformed-request", violations: [parsed.violation] };
  const contentType = parsed?.ok ? parsed.type : undefined;
  const accepted = acceptedMediaTypes(op);
  const hasBody = raw.length > 0 || (accepted.length > 0 && method !== "GET");
  if (!hasBody) return { ok: true, contentType, parsedBody: undefined, prismBody: undefined };
  if (
    accepted.length > 0 &&
    (!contentType || !accepted.includes(contentType)) &&
    (raw.length > 0 || contentType)
  ) {
    return {
      ok: false,
      kind: "unsupported-media-type",
      violations: [
        {
          location: "header",
          field: "header.content-type",
          rule: "enum",
          message: `${contentType ?? "(none)"} is not accepted by ${op.operationId}; send ${accepted.join(" or ")}`,
        },
      ],
    };
  }
  if (contentType === "application/json" || contentType?.endsWith("+json")) {
    try {
      const value = raw.length === 0 ? undefined : JSON.parse(raw);
      return { ok: true, contentType, parsedBody: value, prismBody: value };
    } catch (error) {
      return {
        ok: false,
        kind: "malformed-request",
        violations: [bodyViolation("body", "syntax", `not valid JSON (${(error as Error).message})`)],
      };
    }
  }
  if (contentType === "application/x-www-form-urlencoded") return readForm(raw);
  return { ok: true, contentType, parsedBody: raw, prismBody: raw };
}
