// Rule families "x-rule", "extensions" and "docs": interface rules (x-pgi-rule, always breaking), other x-
// extensions and prose (informational), compared on any node the walker visits.
import type { Scope } from "../scope.js";
import type { SpecDocument, SpecNode } from "../spec-document.js";
import type { RuleMeta } from "../types.js";
import { isObject, sameValue, show } from "../values.js";
import { compareSignature } from "./signature.js";

export const RULES: readonly RuleMeta[] = [
  {
    id: "rule-added",
    severity: "breaking",
    family: "x-rule",
    summary: "an interface rule (x-pgi-rule) now applies",
  },
  {
    id: "rule-removed",
    severity: "breaking",
    family: "x-rule",
    summary: "an interface rule no longer applies",
  },
  {
    id: "rule-changed",
    severity: "breaking",
    family: "x-rule",
    summary: "an interface rule's content changed",
  },
  {
    id: "callback-url-changed",
    severity: "breaking",
    family: "extensions",
    summary: "where a callback is delivered changed (x-pgi-callback-urls)",
  },
  {
    id: "extension-changed",
    severity: "informational",
    family: "extensions",
    summary: "another x- extension was added, removed or changed",
  },
  {
    id: "deprecated-changed",
    severity: "informational",
    family: "docs",
    summary: "an operation, parameter or property was (un)deprecated",
  },
  {
    id: "docs-changed",
    severity: "informational",
    family: "docs",
    summary: "descriptions, summaries, titles or examples changed",
  },
];

const DOC_KEYS = ["summary", "description", "title", "example", "examples", "externalDocs", "tags"];

/** Keys compared elsewhere or not meaningful for merchants. */
const SKIPPED_EXTENSIONS = new Set(["x-pgi-signature", "x-pgi-rule"]);

function compareRule(scope: Scope, o: SpecNode | undefined, n: SpecNode | undefined): void {
  if (!o && !n) return;
  if (!o) scope.report("rule-added", n!, `interface rule ${ruleName(n!)} now applies`, undefined, n!.value);
  else if (!n)
    scope.report("rule-removed", o, `interface rule ${ruleName(o)} no longer applies`, o.value, undefined);
  else if (!sameValue(o.value, n.value))
    scope.report("rule-changed", n, `interface rule ${ruleName(n)} changed`, o.value, n.value);
}

function ruleName(node: SpecNode): string {
  const pointer = node.pointer.split("/").pop() ?? "";
  return pointer && !pointer.startsWith("x-")
    ? pointer
    : show((node.value as { description?: unknown }).description, 60);
}

/**
 * Compares recipes, interface rules, other extensions and prose of two resolved nodes of the same kind
 * (operation, parameter, schema...). `docsOf` names what the prose belongs to.
 *
 * @example
 * compareAnnotations(scope, oldOp, newOp);
 */
export function compareAnnotations(
  scope: Scope,
  o: SpecNode,
  n: SpecNode,
  oldDoc: SpecDocument,
  newDoc: SpecDocument,
): void {
  if (!isObject(o.value) || !isObject(n.value)) return;
  const a = o.value;
  const b = n.value;
  compareSignature(scope, oldDoc.get(o, "x-pgi-signature"), newDoc.get(n, "x-pgi-signature"));
  compareRule(scope, oldDoc.get(o, "x-pgi-rule"), newDoc.get(n, "x-pgi-rule"));
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!key.startsWith("x-") || SKIPPED_EXTENSIONS.has(key) || sameValue(a[key], b[key])) continue;
    const rule = key === "x-pgi-callback-urls" ? "callback-url-changed" : "extension-changed";
    scope.report(
      rule,
      b[key] === undefined ? o : n,
      `${key} ${show(a[key])} became ${show(b[key])}`,
      a[key],
      b[key],
    );
  }
  if (Boolean(a.deprecated) !== Boolean(b.deprecated)) {
    scope.report(
      "deprecated-changed",
      n,
      b.deprecated ? "now deprecated" : "no longer deprecated",
      a.deprecated,
      b.deprecated,
    );
  }
  const changed = DOC_KEYS.filter((k) => !sameValue(docValue(oldDoc, o, k), docValue(newDoc, n, k)));
  if (changed.length > 0) scope.report("docs-changed", n, `${changed.join(", ")} changed`);
}

/** A prose value with its `$ref`s resolved (named examples are often references). */
function docValue(doc: SpecDocument, node: SpecNode, key: string): unknown {
  const child = doc.child(node, key);
  if (!child) return undefined;
  if (key !== "examples" || !isObject(child.value)) return child.value;
  return Object.fromEntries(Object.keys(child.value).map((name) => [name, doc.get(child, name)?.value]));
}
