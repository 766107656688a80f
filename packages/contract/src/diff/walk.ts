// The walker: pairs hosts, operations, webhooks and callbacks of the two sides and hands each pair to the rule
// families with the right role (webhooks and callbacks are judged with request and response swapped).
import type { SpecSet } from "./load-specs.js";
import { compareAnnotations } from "./rules/annotations.js";
import { compareRequestBody, compareResponses } from "./rules/messages.js";
import { compareParameters, operationParameters } from "./rules/parameters.js";
import { compareSecurity } from "./rules/security.js";
import { type ChangeLog, Scope } from "./scope.js";
import type { SpecDocument, SpecNode } from "./spec-document.js";
import { isObject, sameValue, show } from "./values.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** An operation found in `paths`, `webhooks` or a callback. */
interface FoundOperation {
  readonly key: string;
  readonly label: string;
  readonly kind: "operation" | "webhook" | "callback";
  readonly path: string;
  readonly pathItem: SpecNode;
  readonly op: SpecNode;
}

function operationsIn(
  doc: SpecDocument,
  container: SpecNode | undefined,
  kind: FoundOperation["kind"],
  parent = "",
): FoundOperation[] {
  if (!container || !isObject(container.value)) return [];
  const out: FoundOperation[] = [];
  for (const name of Object.keys(container.value)) {
    const pathItem = doc.get(container, name);
    if (!pathItem || !isObject(pathItem.value)) continue;
    for (const method of METHODS) {
      const op = doc.get(pathItem, method);
      if (!op) continue;
      const M = method.toUpperCase();
      if (kind === "operation") {
        out.push({
          key: `${M} ${name.replace(/\{[^}]*\}/g, "{}")}`,
          label: `${M} ${name}`,
          kind,
          path: name,
          pathItem,
          op,
        });
      } else if (kind === "webhook") {
        out.push({
          key: `webhook ${name} ${M}`,
          label: `webhook ${name}${M === "POST" ? "" : ` (${M})`}`,
          kind,
          path: name,
          pathItem,
          op,
        });
      } else {
        out.push({
          key: `${parent} ${name} ${M}`,
          label: `${parent} ${M} ${name}`,
          kind,
          path: name,
          pathItem,
          op,
        });
      }
    }
  }
  return out;
}

function callbacksOf(doc: SpecDocument, found: FoundOperation): FoundOperation[] {
  const callbacks = doc.get(found.op, "callbacks");
  if (!callbacks || !isObject(callbacks.value)) return [];
  return Object.keys(callbacks.value).flatMap((name) =>
    operationsIn(doc, doc.get(callbacks, name), "callback", `callback ${name} of ${found.label}:`),
  );
}

const REMOVED = {
  operation: "operation-removed",
  webhook: "webhook-removed",
  callback: "callback-removed",
} as const;
const ADDED = { operation: "operation-added", webhook: "webhook-added", callback: "callback-added" } as const;

function pairOperations(scope: Scope, before: FoundOperation[], after: FoundOperation[]): void {
  for (const a of before) {
    const b = after.find((x) => x.key === a.key);
    if (b) compareOperation(scope, a, b);
    else scope.forOperation(a.label, "request").report(REMOVED[a.kind], a.op, `${a.label} was removed`);
  }
  for (const b of after) {
    if (!before.some((x) => x.key === b.key))
      scope.forOperation(b.label, "request").report(ADDED[b.kind], b.op, `${b.label} was added`);
  }
}

function compareOperation(base: Scope, a: FoundOperation, b: FoundOperation): void {
  const swapped = a.kind !== "operation";
  const scope = base.forOperation(b.label, swapped ? "response" : "request");
  const ida = (a.op.value as Record<string, unknown>).operationId;
  const idb = (b.op.value as Record<string, unknown>).operationId;
  if (ida !== idb)
    scope.report("operation-id-changed", b.op, `operationId ${show(ida)} became ${show(idb)}`, ida, idb);
  compareAnnotations(scope, a.op, b.op, base.oldDoc, base.newDoc);
  compareParameters(
    scope,
    operationParameters(base.oldDoc, a.pathItem, a.op, a.path),
    operationParameters(base.newDoc, b.pathItem, b.op, b.path),
  );
  compareRequestBody(scope, a.op, b.op);
  compareResponses(scope, a.op, b.op, swapped ? "request" : "response");
  compareSecurity(scope, a.op, b.op, swapped);
  pairOperations(base, callbacksOf(base.oldDoc, a), callbacksOf(base.newDoc, b));
}

function serverView(doc: SpecDocument): unknown {
  const servers = doc.get(doc.root(), "servers");
  if (!servers || !Array.isArray(servers.value)) return [];
  return servers.value.filter(isObject).map((s) => ({
    url: s.url,
    variables: isObject(s.variables)
      ? Object.fromEntries(
          Object.entries(s.variables).map(([k, v]) => [
            k,
            isObject(v) ? { default: v.default, enum: v.enum } : v,
          ]),
        )
      : undefined,
  }));
}

function compareHost(log: ChangeLog, oldDoc: SpecDocument, newDoc: SpecDocument): void {
  const scope = new Scope(log, oldDoc, newDoc, "request", undefined, []);
  const o = oldDoc.root();
  const n = newDoc.root();
  const va = serverView(oldDoc);
  const vb = serverView(newDoc);
  if (!sameValue(va, vb))
    scope.report(
      "server-changed",
      newDoc.child(n, "servers") ?? n,
      `servers ${show(va)} became ${show(vb)}`,
      va,
      vb,
    );
  const versionA = (o.value as { info?: { version?: unknown } }).info?.version;
  const versionB = (n.value as { info?: { version?: unknown } }).info?.version;
  if (versionA !== versionB)
    scope.report(
      "version-changed",
      n,
      `info.version ${show(versionA)} became ${show(versionB)}`,
      versionA,
      versionB,
    );
  pairOperations(
    scope,
    operationsIn(oldDoc, oldDoc.get(o, "paths"), "operation"),
    operationsIn(newDoc, newDoc.get(n, "paths"), "operation"),
  );
  pairOperations(
    scope,
    operationsIn(oldDoc, oldDoc.get(o, "webhooks"), "webhook"),
    operationsIn(newDoc, newDoc.get(n, "webhooks"), "webhook"),
  );
}

/**
 * Walks every host present on either side and records the changes in `log`.
 *
 * @example
 * const log = new ChangeLog(RULES_BY_ID); walkSpecSets(oldSet, newSet, log); log.changes;
 */
export function walkSpecSets(before: SpecSet, after: SpecSet, log: ChangeLog): void {
  for (const [host, oldDoc] of before.hosts) {
    const newDoc = after.hosts.get(host);
    if (newDoc) {
      compareHost(log, oldDoc, newDoc);
      continue;
    }
    new Scope(log, oldDoc, oldDoc, "request", undefined, []).report(
      "host-removed",
      oldDoc.root(),
      `host ${host} was removed`,
    );
  }
  for (const [host, newDoc] of after.hosts) {
    if (!before.hosts.has(host))
      new Scope(log, newDoc, newDoc, "request", undefined, []).report(
        "host-added",
        newDoc.root(),
        `host ${host} was added`,
      );
  }
}
