// Resolves a schema for comparison: follows $ref (keywords beside it win) and folds an allOf into its parent when
// that cannot change what the schema accepts, so a refactored schema compares equal to the original.
import type { SpecDocument, SpecNode } from "./spec-document.js";
import { isObject, sameValue } from "./values.js";

/** Keywords that only describe; when two parts disagree on one, the parent's (or the first part's) wins. */
const PROSE = new Set(["description", "title", "examples", "example", "$comment", "deprecated"]);

/** Merges `part` into `into`; false when they constrain the same keyword differently (then allOf is kept). */
function mergeInto(into: Record<string, unknown>, part: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(part)) {
    if (key === "properties" && isObject(value)) {
      const props = { ...(isObject(into.properties) ? into.properties : {}) };
      for (const [name, schema] of Object.entries(value)) {
        if (Object.hasOwn(props, name) && !sameValue(props[name], schema)) return false;
        props[name] = schema;
      }
      into.properties = props;
    } else if (key === "required" && Array.isArray(value)) {
      const req = Array.isArray(into.required) ? into.required : [];
      into.required = [...req, ...value.filter((r) => !req.includes(r))];
    } else if (!Object.hasOwn(into, key)) {
      into[key] = value;
    } else if (!PROSE.has(key) && !sameValue(into[key], value)) {
      return false;
    }
  }
  return true;
}

/**
 * The schema at `node`, resolved, with a foldable allOf folded. allOf parts with `additionalProperties` are folded
 * only when a single part declares properties (otherwise folding would change what is accepted).
 *
 * @example
 * normaliseSchema(doc, node).value // { type: "object", properties: {...}, required: [...] }
 */
export function normaliseSchema(doc: SpecDocument, node: SpecNode): SpecNode {
  const resolved = doc.resolve(node);
  const value = resolved.value;
  if (!isObject(value) || !Array.isArray(value.allOf)) return resolved;
  const allOf = doc.child(resolved, "allOf")!;
  const nodes = value.allOf.map((_, i) => normaliseSchema(doc, doc.child(allOf, i)!));
  // Parts from other files keep their allOf: their relative $refs resolve against their own file.
  if (nodes.some((p) => p.file !== resolved.file)) return resolved;
  const parts = nodes.map((p) => p.value);
  if (!parts.every(isObject)) return resolved;
  const withProps = [value, ...parts].filter(
    (p) => isObject(p.properties) || Array.isArray(p.required),
  ).length;
  const closes = [value, ...parts].some(
    (p) => Object.hasOwn(p, "additionalProperties") || Object.hasOwn(p, "unevaluatedProperties"),
  );
  if (closes && withProps > 1) return resolved;
  const { allOf: _allOf, ...merged } = value;
  for (const part of parts) {
    if (!mergeInto(merged, part)) return resolved;
  }
  return { ...resolved, value: merged };
}
