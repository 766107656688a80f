// Rule family "schema": the structure of a schema (properties, required, items, variants, JSON inside a form
// field), walked recursively with its role; value keywords are judged by schema-values.

import { normaliseSchema } from "../normalise-schema.js";
import type { Scope } from "../scope.js";
import type { SpecDocument, SpecNode } from "../spec-document.js";
import type { RuleMeta } from "../types.js";
import { isObject, sameSchemaValue } from "../values.js";
import { compareAnnotations } from "./annotations.js";
import { compareSchemaValues } from "./schema-values.js";

const FAMILY = "schema";

export const RULES: readonly RuleMeta[] = [
  {
    id: "request-property-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a field the merchant sends is no longer part of the request",
  },
  {
    id: "request-property-added-required",
    severity: "breaking",
    family: FAMILY,
    summary: "a new required field in what the merchant sends",
  },
  {
    id: "request-property-added-optional",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a new optional field in what the merchant sends",
  },
  {
    id: "request-property-became-required",
    severity: "breaking",
    family: FAMILY,
    summary: "an optional field the merchant sends became required",
  },
  {
    id: "request-property-became-optional",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a required field the merchant sends became optional",
  },
  {
    id: "response-property-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a field the merchant receives was removed",
  },
  {
    id: "response-property-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a new field in what the merchant receives",
  },
  {
    id: "response-property-became-optional",
    severity: "breaking",
    family: FAMILY,
    summary: "a field the merchant receives may now be absent",
  },
  {
    id: "response-property-became-required",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a field the merchant receives is now always present",
  },
  {
    id: "request-variant-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a oneOf/anyOf alternative the merchant could send was removed",
  },
  {
    id: "request-variant-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a new alternative the merchant may send",
  },
  {
    id: "response-variant-added",
    severity: "breaking",
    family: FAMILY,
    summary: "the merchant may receive a new alternative shape",
  },
  {
    id: "response-variant-removed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "one alternative shape the merchant received is gone",
  },
];

/** Pairs of (old, new) schema places already on the walk: recursive schemas stop there. */
type Trail = ReadonlySet<string>;

function names(value: Record<string, unknown>): string[] {
  const props = isObject(value.properties) ? Object.keys(value.properties) : [];
  const req = Array.isArray(value.required)
    ? value.required.filter((r): r is string => typeof r === "string")
    : [];
  return [...new Set([...props, ...req])];
}

function isRequired(value: Record<string, unknown>, name: string): boolean {
  return Array.isArray(value.required) && value.required.includes(name);
}

function propertyNode(doc: SpecDocument, schema: SpecNode, name: string): SpecNode {
  const props = doc.child(schema, "properties");
  return (
    (props && doc.child(props, name)) ?? {
      value: {},
      file: schema.file,
      pointer: `${schema.pointer}/properties`,
    }
  );
}

function compareProperties(scope: Scope, o: SpecNode, n: SpecNode, trail: Trail): void {
  const a = o.value as Record<string, unknown>;
  const b = n.value as Record<string, unknown>;
  const before = names(a);
  const after = names(b);
  const r = scope.role;
  for (const name of before.filter((x) => !after.includes(x))) {
    scope
      .at(name)
      .report(`${r}-property-removed`, propertyNode(scope.oldDoc, o, name), `field ${name} was removed`);
  }
  for (const name of after.filter((x) => !before.includes(x))) {
    const at = propertyNode(scope.newDoc, n, name);
    if (r === "response") scope.at(name).report("response-property-added", at, `field ${name} was added`);
    else if (isRequired(b, name))
      scope.at(name).report("request-property-added-required", at, `required field ${name} was added`);
    else scope.at(name).report("request-property-added-optional", at, `optional field ${name} was added`);
  }
  for (const name of before.filter((x) => after.includes(x))) {
    const here = scope.at(name);
    const ra = isRequired(a, name);
    const rb = isRequired(b, name);
    const at = propertyNode(scope.newDoc, n, name);
    if (ra && !rb) here.report(`${r}-property-became-optional`, at, `field ${name} is no longer required`);
    if (!ra && rb) here.report(`${r}-property-became-required`, at, `field ${name} is now required`);
    compareSchema(here, propertyNode(scope.oldDoc, o, name), at, trail);
  }
}

/** A stable key for a variant: the component it references (file or pointer, without extension), else its title. */
function variantKey(doc: SpecDocument, list: SpecNode, index: number): string {
  const raw = doc.child(list, index)!;
  if (isObject(raw.value) && typeof raw.value.$ref === "string") {
    const last = raw.value.$ref.split(/[/#]/).filter(Boolean).pop() ?? raw.value.$ref;
    return last.replace(/\.(ya?ml|json)$/, "");
  }
  const resolved = doc.resolve(raw).value;
  if (isObject(resolved) && typeof resolved.title === "string") return resolved.title;
  return `#${index}`;
}

/**
 * Pairs the variants of two lists: by key first, then the leftovers in order (an inlined copy of a referenced
 * schema pairs with its reference and compares equal). Unpaired ones are added or removed.
 */
function pairVariants(
  ka: string[],
  kb: string[],
): { pairs: [number, number][]; removed: number[]; added: number[] } {
  const pairs: [number, number][] = [];
  const usedB = new Set<number>();
  const leftA: number[] = [];
  ka.forEach((k, i) => {
    const j = kb.findIndex((x, jj) => x === k && !usedB.has(jj));
    if (j === -1) leftA.push(i);
    else {
      pairs.push([i, j]);
      usedB.add(j);
    }
  });
  const leftB = kb.map((_, j) => j).filter((j) => !usedB.has(j));
  const n = Math.min(leftA.length, leftB.length);
  for (let x = 0; x < n; x++) pairs.push([leftA[x]!, leftB[x]!]);
  return { pairs, removed: leftA.slice(n), added: leftB.slice(n) };
}

function compareVariants(
  scope: Scope,
  o: SpecNode,
  n: SpecNode,
  key: "oneOf" | "anyOf" | "allOf",
  trail: Trail,
) {
  const la = scope.oldDoc.child(o, key);
  const lb = scope.newDoc.child(n, key);
  if (!la && !lb) return;
  const ka = Array.isArray(la?.value) ? la.value.map((_, i) => variantKey(scope.oldDoc, la!, i)) : [];
  const kb = Array.isArray(lb?.value) ? lb.value.map((_, i) => variantKey(scope.newDoc, lb!, i)) : [];
  const { pairs, removed, added } = pairVariants(ka, kb);
  const r = scope.role;
  const what = key === "allOf" ? "allOf part" : "alternative";
  for (const [i, j] of pairs) {
    compareSchema(
      scope.at(`${key}[${kb[j]}]`),
      scope.oldDoc.child(la!, i)!,
      scope.newDoc.child(lb!, j)!,
      trail,
    );
  }
  // An allOf part constrains: adding one narrows, removing one widens. An alternative does the opposite.
  const narrowed = r === "request" ? "request-constraint-narrowed" : "response-constraint-narrowed";
  const widened = r === "request" ? "request-constraint-widened" : "response-constraint-widened";
  for (const i of removed) {
    const label = `${key}[${ka[i]}]`;
    const rule = key === "allOf" ? widened : `${r}-variant-removed`;
    scope.at(label).report(rule, scope.oldDoc.child(la!, i)!, `${what} ${label} was removed`);
  }
  for (const j of added) {
    const label = `${key}[${kb[j]}]`;
    const rule = key === "allOf" ? narrowed : `${r}-variant-added`;
    scope.at(label).report(rule, scope.newDoc.child(lb!, j)!, `${what} ${label} was added`);
  }
}

function compareSub(scope: Scope, o: SpecNode, n: SpecNode, key: string, label: string, trail: Trail): void {
  const a = scope.oldDoc.child(o, key);
  const b = scope.newDoc.child(n, key);
  if (!a && !b) return;
  if (a && b && isObject(a.value) && isObject(b.value)) {
    compareSchema(scope.at(label), a, b, trail);
    return;
  }
  if ((a && !isObject(a.value)) || (b && !isObject(b.value))) return; // booleans: judged by schema-values
  // One side has the sub-schema, the other accepts anything there.
  compareSchema(
    scope.at(label),
    a ?? { value: {}, file: o.file, pointer: o.pointer },
    b ?? { value: {}, file: n.file, pointer: n.pointer },
    trail,
  );
}

/** Inside `not` every move is inverted, so any change there is judged as a changed constraint (breaking). */
function compareNot(scope: Scope, o: SpecNode, n: SpecNode): void {
  const a = scope.oldDoc.get(o, "not");
  const b = scope.newDoc.get(n, "not");
  if (!a && !b) return;
  if (a && b && sameSchemaValue(a.value, b.value)) return;
  const id = scope.role === "request" ? "request-constraint-narrowed" : "response-constraint-widened";
  scope.at("(not)").report(id, b ?? o, "the excluded shape (not) changed", a?.value, b?.value);
}

/**
 * Compares two schemas in the scope's role, recursing into properties, items, variants, additionalProperties,
 * contentSchema (JSON inside a form field) and not/if/then/else.
 *
 * @example
 * compareSchema(scope.at("request body (application/json)"), oldSchemaNode, newSchemaNode);
 */
export function compareSchema(
  scope: Scope,
  oldNode: SpecNode,
  newNode: SpecNode,
  trail: Trail = new Set(),
): void {
  const o = normaliseSchema(scope.oldDoc, oldNode);
  const n = normaliseSchema(scope.newDoc, newNode);
  const key = `${o.file}#${o.pointer}|${n.file}#${n.pointer}`;
  if (trail.has(key)) return;
  const next = new Set(trail).add(key);
  const a = isObject(o.value) ? o.value : o.value === false ? { not: {} } : {};
  const b = isObject(n.value) ? n.value : n.value === false ? { not: {} } : {};
  const on = { ...o, value: a };
  const nn = { ...n, value: b };
  compareAnnotations(scope, on, nn, scope.oldDoc, scope.newDoc);
  compareSchemaValues(scope, nn, a, b);
  compareProperties(scope, on, nn, next);
  compareVariants(scope, on, nn, "oneOf", next);
  compareVariants(scope, on, nn, "anyOf", next);
  compareVariants(scope, on, nn, "allOf", next);
  compareSub(scope, on, nn, "items", "[]", next);
  compareSub(scope, on, nn, "contentSchema", "(JSON)", next);
  compareNot(scope, on, nn);
  compareSub(scope, on, nn, "if", "(if)", next);
  compareSub(scope, on, nn, "then", "(then)", next);
  compareSub(scope, on, nn, "else", "(else)", next);
  if (isObject(a.additionalProperties) && isObject(b.additionalProperties)) {
    compareSub(scope, on, nn, "additionalProperties", "{*}", next);
  }
}
