// Rule family "signature": every change to an x-pgi-signature hash/checksum/signature recipe is breaking, since a
// merchant computing the old recipe is refused (or refuses the gateway) from the first request.
import type { Scope } from "../scope.js";
import type { SpecNode } from "../spec-document.js";
import type { RuleMeta } from "../types.js";
import { isObject, missingFrom, sameValue, show } from "../values.js";

const FAMILY = "signature";

export const RULES: readonly RuleMeta[] = [
  {
    id: "signature-added",
    severity: "breaking",
    family: FAMILY,
    summary: "a hash, checksum or signature recipe now applies where none did",
  },
  { id: "signature-removed", severity: "breaking", family: FAMILY, summary: "a recipe no longer applies" },
  {
    id: "signature-algorithm-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the recipe's algorithm changed (sha512, hmac-sha256, ...)",
  },
  {
    id: "signature-fields-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "fields (or empty slots, or optional markers) were added to or removed from the pre-image",
  },
  {
    id: "signature-field-order-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the same fields, in another order",
  },
  {
    id: "signature-separator-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the separator between parts (join) changed",
  },
  {
    id: "signature-quote-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the quoting around each part changed",
  },
  {
    id: "signature-encoding-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the digest's encoding (output) or the pre-image format changed",
  },
  {
    id: "signature-secret-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the recipe is keyed with another secret",
  },
  {
    id: "signature-carrier-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "the digest travels in another field or header",
  },
  {
    id: "signature-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "any other change to the recipe (id, title, notes, ...)",
  },
];

const KEY_RULES: Readonly<Record<string, string>> = {
  algorithm: "signature-algorithm-changed",
  join: "signature-separator-changed",
  quote: "signature-quote-changed",
  output: "signature-encoding-changed",
  format: "signature-encoding-changed",
  secret: "signature-secret-changed",
  carrier: "signature-carrier-changed",
};

/** A part as one comparable token: `key`, `$secret`, `$empty`, `?si_details` (optional). */
function partToken(part: unknown): string {
  if (typeof part === "string") return part;
  if (isObject(part) && typeof part.field === "string") return part.optional ? `?${part.field}` : part.field;
  return JSON.stringify(part);
}

function sortedTokens(tokens: string[]): string[] {
  return [...tokens].sort();
}

function compareParts(scope: Scope, at: SpecNode, a: unknown, b: unknown, id: string): void {
  const pa = (Array.isArray(a) ? a : []).map(partToken);
  const pb = (Array.isArray(b) ? b : []).map(partToken);
  if (sameValue(pa, pb)) return;
  if (sameValue(sortedTokens(pa), sortedTokens(pb))) {
    scope.report(
      "signature-field-order-changed",
      at,
      `recipe ${id}: parts reordered from [${pa.join(", ")}] to [${pb.join(", ")}]`,
      pa,
      pb,
    );
    return;
  }
  const removed = missingFrom(pa, pb);
  const added = missingFrom(pb, pa);
  const list = (parts: unknown[]) => `[${parts.join(", ")}]`;
  const delta =
    removed.length === 0 && added.length === 0
      ? "a part's count changed"
      : `removed ${list(removed)}, added ${list(added)}`;
  scope.report(
    "signature-fields-changed",
    at,
    `recipe ${id}: parts ${list(pa)} became ${list(pb)} (${delta})`,
    pa,
    pb,
  );
}

/**
 * Compares two resolved `x-pgi-signature` values (either may be absent).
 *
 * @example
 * compareSignature(scope, oldNode, newNode); // signature-field-order-changed when parts were swapped
 */
export function compareSignature(scope: Scope, o: SpecNode | undefined, n: SpecNode | undefined): void {
  if (!o && !n) return;
  const idOf = (node: SpecNode) => show(isObject(node.value) ? node.value.id : node.value);
  if (!o) {
    scope.report("signature-added", n!, `recipe ${idOf(n!)} now applies`, undefined, n!.value);
    return;
  }
  if (!n) {
    scope.report("signature-removed", o, `recipe ${idOf(o)} no longer applies`, o.value, undefined);
    return;
  }
  if (!isObject(o.value) || !isObject(n.value)) {
    if (!sameValue(o.value, n.value))
      scope.report(
        "signature-changed",
        n,
        `recipe ${show(o.value)} became ${show(n.value)}`,
        o.value,
        n.value,
      );
    return;
  }
  const a = o.value;
  const b = n.value;
  const id = String(b.id ?? a.id ?? "?");
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (sameValue(a[key], b[key])) continue;
    if (key === "parts") {
      compareParts(scope, n, a.parts, b.parts, id);
      continue;
    }
    const rule = KEY_RULES[key] ?? "signature-changed";
    scope.report(rule, n, `recipe ${id}: ${key} ${show(a[key])} became ${show(b[key])}`, a[key], b[key]);
  }
}
