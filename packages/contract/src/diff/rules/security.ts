// Rule family "security": security requirements (alternatives of schemes with scopes) and the schemes they use.
import type { Scope } from "../scope.js";
import type { SpecDocument, SpecNode } from "../spec-document.js";
import type { RuleMeta } from "../types.js";
import { isObject, sameValue, show } from "../values.js";

const FAMILY = "security";

export const RULES: readonly RuleMeta[] = [
  {
    id: "security-requirement-tightened",
    severity: "breaking",
    family: FAMILY,
    summary: "credentials that were enough are no longer (scheme or scope added, alternative removed)",
  },
  {
    id: "security-requirement-relaxed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "less is required (scope removed, alternative added, no credentials)",
  },
  {
    id: "security-scheme-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "a security scheme an operation uses changed (type, header, scheme, flows)",
  },
  {
    id: "webhook-security-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "how the gateway authenticates a webhook or callback changed",
  },
];

/** One alternative: scheme name → sorted scopes. */
type Alternative = Record<string, string[]>;

function requirements(doc: SpecDocument, op: SpecNode): { list: Alternative[]; node: SpecNode } {
  const own = doc.child(op, "security");
  const root = doc.child(doc.root(), "security");
  const node = own ?? root ?? op;
  const raw = own?.value ?? root?.value ?? [];
  const list = (Array.isArray(raw) ? raw : [])
    .filter(isObject)
    .map((alt) =>
      Object.fromEntries(
        Object.entries(alt).map(([k, v]) => [k, (Array.isArray(v) ? v.map(String) : []).sort()]),
      ),
    );
  return { list, node };
}

/** True when credentials meeting `held` also meet `needed`. */
function satisfies(held: Alternative, needed: Alternative): boolean {
  return Object.entries(needed).every(
    ([scheme, scopes]) => held[scheme] && scopes.every((s) => held[scheme]!.includes(s)),
  );
}

function canonical(list: Alternative[]): string[] {
  return list.map((alt) => JSON.stringify(Object.entries(alt).sort(([a], [b]) => a.localeCompare(b)))).sort();
}

function schemeDefinition(doc: SpecDocument, name: string): unknown {
  const components = doc.get(doc.root(), "components");
  const schemes = components && doc.get(components, "securitySchemes");
  const node = schemes && doc.get(schemes, name);
  if (!node || !isObject(node.value)) return undefined;
  const { description: _d, ...rest } = node.value;
  return Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith("x-")));
}

function describe(alt: Alternative): string {
  const parts = Object.entries(alt).map(([k, v]) => (v.length ? `${k}[${v.join(",")}]` : k));
  return parts.length ? parts.join(" + ") : "no credentials";
}

/**
 * Compares the effective security of two operations. `swapped` is true for webhooks and callbacks, where the
 * gateway authenticates itself to the merchant and any change is breaking.
 *
 * @example
 * compareSecurity(scope, oldOp, newOp, false);
 */
export function compareSecurity(scope: Scope, oldOp: SpecNode, newOp: SpecNode, swapped: boolean): void {
  const o = requirements(scope.oldDoc, oldOp);
  const n = requirements(scope.newDoc, newOp);
  const here = scope.at("security");
  const used = new Set([...o.list, ...n.list].flatMap((alt) => Object.keys(alt)));
  const before = o.list.map(describe).join(" | ") || "none";
  const after = n.list.map(describe).join(" | ") || "none";
  for (const name of used) {
    const a = schemeDefinition(scope.oldDoc, name);
    const b = schemeDefinition(scope.newDoc, name);
    if (a !== undefined && b !== undefined && !sameValue(a, b)) {
      here.report(
        swapped ? "webhook-security-changed" : "security-scheme-changed",
        n.node,
        `scheme ${name} changed from ${show(a)} to ${show(b)}`,
        a,
        b,
      );
    }
  }
  if (sameValue(canonical(o.list), canonical(n.list))) return;
  if (swapped) {
    here.report("webhook-security-changed", n.node, `security ${before} became ${after}`, o.list, n.list);
    return;
  }
  const oldAlts = o.list.length ? o.list : [{}];
  const newAlts = n.list.length ? n.list : [{}];
  const lost = oldAlts.filter((held) => !newAlts.some((needed) => satisfies(held, needed)));
  if (lost.length > 0) {
    here.report(
      "security-requirement-tightened",
      n.node,
      `security ${before} became ${after}: ${lost.map(describe).join(" | ")} no longer enough`,
      o.list,
      n.list,
    );
  } else {
    here.report("security-requirement-relaxed", n.node, `security ${before} became ${after}`, o.list, n.list);
  }
}
