// JSON carried inside string fields (contentMediaType application/json + contentSchema): parse it and validate it.
import type { Host } from "../model/target.js";
import { ajvFindings } from "./ajv-findings.js";
import { deref, type SpecSet } from "./spec-set.js";

/** One break of a JSON-in-a-string field. */
export interface ContentBreak {
  /** JSON pointer of the string field, then of the failing value inside the parsed JSON. */
  pointer: string;
  expected: string;
  actual: string;
}

type Schema = Record<string, unknown>;

const MAX_DEPTH = 6;

/** The properties a schema declares, with those of its allOf/oneOf/anyOf variants (all dereferenced). */
function declared(doc: unknown, schema: Schema, depth: number): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  if (depth > MAX_DEPTH) return out;
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
    out[k] = deref(doc, v);
  }
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const variant of (schema[key] ?? []) as unknown[]) {
      for (const [k, v] of Object.entries(declared(doc, deref(doc, variant), depth + 1))) out[k] ??= v;
    }
  }
  return out;
}

function walk(
  specs: SpecSet,
  host: Host,
  schemaIn: unknown,
  value: unknown,
  pointer: string,
  depth: number,
  out: ContentBreak[],
): void {
  const doc = specs.docs.get(host);
  const schema = deref(doc, schemaIn) as Schema | undefined;
  if (!schema || typeof schema !== "object" || depth > MAX_DEPTH) return;
  if (typeof value === "string" && schema.contentMediaType === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      out.push({
        pointer,
        expected: "a JSON string (contentMediaType application/json)",
        actual: (error as Error).message,
      });
      return;
    }
    if (schema.contentSchema === undefined) return;
    const validate = specs.contentValidator(host, schema.contentSchema);
    if (validate(parsed)) return;
    for (const f of ajvFindings(validate.errors, "", {
      prefix: `${pointer} (parsed) `,
      keywordPrefix: "contentSchema ",
    }))
      out.push({ pointer: f.pointer ?? pointer, expected: f.expected ?? "", actual: f.actual ?? "invalid" });
    return;
  }
  if (Array.isArray(value)) {
    if (schema.items === undefined) return;
    value.forEach((item, i) => {
      walk(specs, host, schema.items, item, `${pointer}/${i}`, depth + 1, out);
    });
    return;
  }
  if (value && typeof value === "object") {
    const props = declared(doc, schema, 0);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const p = props[k];
      if (p) walk(specs, host, p, v, `${pointer}/${k}`, depth + 1, out);
    }
  }
}

/**
 * Every string field of `value` that the schema declares as JSON content (contentMediaType application/json)
 * must parse, and the parsed value must be valid against its contentSchema. Ajv treats these keywords as
 * annotations, so the suite checks them itself.
 *
 * @example
 * const breaks = contentBreaks(specs, "gateway", requestSchema, { si_details: "{not json" });
 * // [{ pointer: "/si_details", expected: "a JSON string (contentMediaType application/json)", actual: "..." }]
 */
export function contentBreaks(specs: SpecSet, host: Host, schema: unknown, value: unknown): ContentBreak[] {
  const out: ContentBreak[] = [];
  walk(specs, host, schema, value, "", 0, out);
  return out;
}
