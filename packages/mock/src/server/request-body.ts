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
  | {
      ok: true;
      contentType: string | undefined;
      parsedBody: unknown;
      prismBody: unknown;
      /** A form's fields decoded as Prism decodes them, so validation does not decode the body again. */
      prismFields?: Record<string, string>;
    }
  | { ok: false; kind: RefusalKind; violations: Violation[] };

const accepting = new WeakMap<OperationInfo, string[]>();
/** The media types an operation's request body accepts, lower-cased, worked out once per operation. */
function acceptedMediaTypes(op: OperationInfo): string[] {
  let accepted = accepting.get(op);
  if (!accepted) {
    const body = op.raw.requestBody as { content?: Record<string, unknown> } | undefined;
    accepted = Object.keys(body?.content ?? {}).map((m) => m.toLowerCase());
    accepting.set(op, accepted);
  }
  return accepted;
}

const bodyViolation = (field: string, rule: string, message: string): Violation => ({
  location: "body",
  field,
  rule,
  message,
});

/**
 * The fields as an object: Object.fromEntries makes each name an own property (even `__proto__`, which plain
 * assignment would misread) and gives an object V8 keeps in fast mode, cheap to read and copy later.
 */
const record = (fields: Map<string, string>): Record<string, string> => Object.fromEntries(fields);

/** Lone UTF-16 surrogates, which URLSearchParams reads as U+FFFD (a quick test first: pairs are common in text). */
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /\p{Cs}/gu;
const PLUS = /\+/g;

/** One name or value as URLSearchParams decodes it (`+` as space, %-escapes); throws URIError on a malformed one. */
const decodeFormPart = (part: string): string =>
  part.includes("%") || part.includes("+") ? decodeURIComponent(part.replace(PLUS, " ")) : part;

/**
 * Decodes a form body once, refusing malformed %-escapes (Prism's decoder throws on them) and repeated fields.
 * `fields` are what URLSearchParams gives (empty pairs skipped, `+` as space); `prismFields` are the same values
 * under Prism's rules (every pair, later pairs win, `+` kept in names), or undefined when they cannot be derived
 * from this pass (a lone surrogate in the body): then the validator decodes the raw body itself.
 */
function readForm(raw: string): ReadBody {
  const lone = SURROGATE.test(raw) && /\p{Cs}/u.test(raw);
  const fields = new Map<string, string>();
  const byRawName = new Map<string, string>();
  let repeated: string | undefined;
  for (const pair of raw.split("&")) {
    const eq = pair.indexOf("=");
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? "" : pair.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeFormPart(lone ? rawName.replace(LONE_SURROGATE, "\uFFFD") : rawName);
      value = decodeFormPart(lone ? rawValue.replace(LONE_SURROGATE, "\uFFFD") : rawValue);
    } catch {
      return {
        ok: false,
        kind: "malformed-request",
        violations: [bodyViolation(`body.${rawName.slice(0, 40)}`, "syntax", "malformed percent-encoding")],
      };
    }
    byRawName.set(rawName, value);
    if (pair.length === 0 || repeated !== undefined) continue;
    if (fields.has(name)) repeated = name;
    else fields.set(name, value);
  }
  if (repeated !== undefined) {
    return {
      ok: false,
      kind: "malformed-request",
      violations: [
        bodyViolation(`body.${repeated.slice(0, 40)}`, "syntax", "the field appears more than once"),
      ],
    };
  }
  return {
    ok: true,
    contentType: "application/x-www-form-urlencoded",
    parsedBody: record(fields),
    prismBody: raw,
    prismFields: lone ? undefined : prismFields(byRawName),
  };
}

/** Prism's names for fields keyed by their raw names: %-decoded, `+` kept, a later name overwriting an earlier. */
function prismFields(byRawName: Map<string, string>): Record<string, string> {
  const out = new Map<string, string>();
  for (const [rawName, value] of byRawName) {
    const name = rawName.includes("%") ? decodeURIComponent(rawName) : rawName;
    out.set(name, value); // a later name overwrites an earlier one in its place
  }
  return record(out);
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
