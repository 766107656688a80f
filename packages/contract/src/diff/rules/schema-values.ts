// Rule family "schema-values": types, formats, enum/const values and constraints of one schema, judged by role
// (narrowing breaks what the merchant sends, widening breaks what it receives).
import type { Scope } from "../scope.js";
import type { SpecNode } from "../spec-document.js";
import type { RuleMeta } from "../types.js";
import { isObject, missingFrom, sameValue, show } from "../values.js";

const FAMILY = "schema-values";

export const RULES: readonly RuleMeta[] = [
  {
    id: "request-type-narrowed",
    severity: "breaking",
    family: FAMILY,
    summary: "a sent value's type no longer accepts every type it did (changed or narrowed)",
  },
  {
    id: "request-type-widened",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a sent value accepts more types",
  },
  {
    id: "response-type-widened",
    severity: "breaking",
    family: FAMILY,
    summary: "a received value may have a type it could not have before (changed or widened)",
  },
  {
    id: "response-type-narrowed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a received value has fewer possible types",
  },
  {
    id: "request-format-narrowed",
    severity: "breaking",
    family: FAMILY,
    summary: "a sent value gained or changed its format",
  },
  {
    id: "request-format-widened",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a sent value lost its format",
  },
  {
    id: "response-format-widened",
    severity: "breaking",
    family: FAMILY,
    summary: "a received value lost or changed its format",
  },
  {
    id: "response-format-narrowed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a received value gained a format",
  },
  {
    id: "request-enum-added",
    severity: "breaking",
    family: FAMILY,
    summary: "a sent value is now restricted to a list of values (enum or const)",
  },
  {
    id: "request-enum-removed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a sent value is no longer restricted to a list",
  },
  {
    id: "request-enum-value-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a value the merchant could send is no longer accepted",
  },
  {
    id: "request-enum-value-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a sent value accepts one more listed value",
  },
  {
    id: "response-enum-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a received value is no longer restricted to its list",
  },
  {
    id: "response-enum-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a received value is now restricted to a list",
  },
  {
    id: "response-enum-value-added",
    severity: "breaking",
    family: FAMILY,
    summary: "a received value may take a value it could not take before",
  },
  {
    id: "response-enum-value-removed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a received value takes one value fewer",
  },
  {
    id: "request-constraint-narrowed",
    severity: "breaking",
    family: FAMILY,
    summary: "a sent value is constrained more (pattern, length, range, items, closed object, ...)",
  },
  {
    id: "request-constraint-widened",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a sent value is constrained less",
  },
  {
    id: "response-constraint-widened",
    severity: "breaking",
    family: FAMILY,
    summary: "a received value is constrained less (pattern, length, range, items, open object, ...)",
  },
  {
    id: "response-constraint-narrowed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a received value is constrained more",
  },
];

/** Which way a change moves the set of valid values. */
type Move = "narrowed" | "widened" | "changed";

/** Reports a move with the rule of the scope's role: narrowing breaks requests, widening breaks responses. */
function judge(
  scope: Scope,
  at: SpecNode,
  kind: string,
  move: Move,
  message: string,
  before: unknown,
  after: unknown,
) {
  const breakingMove = scope.role === "request" ? "narrowed" : "widened";
  const id = move === "changed" ? `${scope.role}-${kind}-${breakingMove}` : `${scope.role}-${kind}-${move}`;
  scope.report(id, at, message, before, after);
}

function typeSet(schema: Record<string, unknown>): string[] | undefined {
  const t = schema.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  return undefined;
}

/** True when every type of `inner` is accepted by `outer` (number accepts integer). */
function covers(outer: string[] | undefined, inner: string[] | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  return inner.every((t) => outer.includes(t) || (t === "integer" && outer.includes("number")));
}

function compareTypes(scope: Scope, at: SpecNode, o: Record<string, unknown>, n: Record<string, unknown>) {
  const a = typeSet(o);
  const b = typeSet(n);
  if (sameValue(a === undefined ? a : [...a].sort(), b === undefined ? b : [...b].sort())) return;
  const wider = covers(b, a);
  const narrower = covers(a, b);
  const move: Move = wider && !narrower ? "widened" : narrower && !wider ? "narrowed" : "changed";
  judge(scope, at, "type", move, `type ${show(o.type)} became ${show(n.type)}`, o.type, n.type);
}

function compareFormats(scope: Scope, at: SpecNode, o: Record<string, unknown>, n: Record<string, unknown>) {
  for (const key of ["format", "contentMediaType", "contentEncoding"]) {
    if (sameValue(o[key], n[key])) continue;
    const move: Move = o[key] === undefined ? "narrowed" : n[key] === undefined ? "widened" : "changed";
    const kind = key === "format" ? "format" : "constraint";
    judge(scope, at, kind, move, `${key} ${show(o[key])} became ${show(n[key])}`, o[key], n[key]);
  }
}

function valueList(schema: Record<string, unknown>): unknown[] | undefined {
  if (Object.hasOwn(schema, "const")) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

function compareValues(scope: Scope, at: SpecNode, o: Record<string, unknown>, n: Record<string, unknown>) {
  const a = valueList(o);
  const b = valueList(n);
  if (a === undefined && b === undefined) return;
  const r = scope.role;
  if (a === undefined) {
    scope.report(`${r}-enum-added`, at, `now restricted to ${show(b)}`, undefined, b);
    return;
  }
  if (b === undefined) {
    scope.report(`${r}-enum-removed`, at, `no longer restricted to ${show(a)}`, a, undefined);
    return;
  }
  const removed = missingFrom(a, b);
  const added = missingFrom(b, a);
  if (removed.length > 0)
    scope.report(`${r}-enum-value-removed`, at, `value(s) ${show(removed)} removed`, removed, undefined);
  if (added.length > 0)
    scope.report(`${r}-enum-value-added`, at, `value(s) ${show(added)} added`, undefined, added);
}

const LOWER_BOUNDS = ["minLength", "minimum", "exclusiveMinimum", "minItems", "minProperties", "minContains"];
const UPPER_BOUNDS = ["maxLength", "maximum", "exclusiveMaximum", "maxItems", "maxProperties", "maxContains"];

function boundMove(key: string, a: unknown, b: unknown): Move | undefined {
  if (sameValue(a, b)) return undefined;
  if (typeof a === "boolean" || typeof b === "boolean") return "changed"; // 3.0-style exclusive flags
  if (a === undefined) return "narrowed";
  if (b === undefined) return "widened";
  if (typeof a !== "number" || typeof b !== "number") return "changed";
  const lower = LOWER_BOUNDS.includes(key);
  return (lower ? b > a : b < a) ? "narrowed" : "widened";
}

function closedness(value: unknown): "closed" | "open" | "schema" {
  if (value === false) return "closed";
  if (value === undefined || value === true || (isObject(value) && Object.keys(value).length === 0))
    return "open";
  return "schema";
}

function compareConstraints(
  scope: Scope,
  at: SpecNode,
  o: Record<string, unknown>,
  n: Record<string, unknown>,
) {
  for (const key of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const move = boundMove(key, o[key], n[key]);
    if (move)
      judge(scope, at, "constraint", move, `${key} ${show(o[key])} became ${show(n[key])}`, o[key], n[key]);
  }
  for (const key of ["pattern", "multipleOf"]) {
    if (sameValue(o[key], n[key])) continue;
    const move: Move = o[key] === undefined ? "narrowed" : n[key] === undefined ? "widened" : "changed";
    judge(scope, at, "constraint", move, `${key} ${show(o[key])} became ${show(n[key])}`, o[key], n[key]);
  }
  if (Boolean(o.uniqueItems) !== Boolean(n.uniqueItems)) {
    const move: Move = n.uniqueItems ? "narrowed" : "widened";
    judge(
      scope,
      at,
      "constraint",
      move,
      `uniqueItems ${show(o.uniqueItems)} became ${show(n.uniqueItems)}`,
      o.uniqueItems,
      n.uniqueItems,
    );
  }
  const ca = closedness(o.additionalProperties);
  const cb = closedness(n.additionalProperties);
  if (ca !== cb && ca !== "schema" && cb !== "schema") {
    const move: Move = cb === "closed" ? "narrowed" : "widened";
    const what =
      cb === "closed"
        ? "no longer accepts properties it does not list"
        : "now accepts properties it does not list";
    judge(
      scope,
      at,
      "constraint",
      move,
      `the object ${what} (additionalProperties)`,
      o.additionalProperties,
      n.additionalProperties,
    );
  } else if (ca !== cb) {
    judge(
      scope,
      at,
      "constraint",
      "changed",
      "additionalProperties changed",
      o.additionalProperties,
      n.additionalProperties,
    );
  }
}

/**
 * Compares the value keywords of two resolved schemas (not their sub-schemas).
 *
 * @example
 * compareSchemaValues(scope, newNode, { type: "string" }, { type: "integer" }); // request-type-narrowed
 */
export function compareSchemaValues(
  scope: Scope,
  at: SpecNode,
  o: Record<string, unknown>,
  n: Record<string, unknown>,
): void {
  compareTypes(scope, at, o, n);
  compareFormats(scope, at, o, n);
  compareValues(scope, at, o, n);
  compareConstraints(scope, at, o, n);
}
