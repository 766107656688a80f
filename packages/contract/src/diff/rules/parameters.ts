// Rule family "parameters": path, query, header and cookie parameters, and the headers of answers, matched by
// location and name (path parameters by position) and judged by role.
import type { Scope } from "../scope.js";
import type { SpecDocument, SpecNode } from "../spec-document.js";
import type { RuleMeta } from "../types.js";
import { isObject, sameValue, show } from "../values.js";
import { compareAnnotations } from "./annotations.js";
import { compareSchema } from "./schema.js";

const FAMILY = "parameters";

export const RULES: readonly RuleMeta[] = [
  {
    id: "request-parameter-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a parameter or header the merchant sends was removed",
  },
  {
    id: "request-parameter-added-required",
    severity: "breaking",
    family: FAMILY,
    summary: "a new required parameter or header the merchant must send",
  },
  {
    id: "request-parameter-added-optional",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a new optional parameter or header",
  },
  {
    id: "request-parameter-became-required",
    severity: "breaking",
    family: FAMILY,
    summary: "an optional parameter or header became required",
  },
  {
    id: "request-parameter-became-optional",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a required parameter or header became optional",
  },
  {
    id: "request-parameter-serialisation-changed",
    severity: "breaking",
    family: FAMILY,
    summary: "how a parameter is written changed (style, explode, content, allowReserved)",
  },
  {
    id: "response-header-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a header (or webhook parameter) the merchant receives was removed",
  },
  {
    id: "response-header-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a new header (or webhook parameter) the merchant receives",
  },
  {
    id: "response-header-became-optional",
    severity: "breaking",
    family: FAMILY,
    summary: "a header the merchant receives may now be absent",
  },
  {
    id: "response-header-became-required",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a header the merchant receives is now always present",
  },
];

/** One parameter or header, keyed for matching. */
export interface ParamEntry {
  readonly key: string;
  readonly label: string;
  readonly node: SpecNode;
  readonly required: boolean;
}

const SERIALISATION = ["style", "explode", "allowReserved", "allowEmptyValue"];

function pathPosition(path: string, name: string): number {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return names.indexOf(name);
}

/**
 * The effective parameters of an operation (path-item parameters overridden by the operation's), keyed by
 * location and name; header names are case-insensitive, path parameters are keyed by their position.
 *
 * @example
 * operationParameters(doc, pathItemNode, operationNode, "/payout/v2/smartSend/expiry/{id}")
 */
export function operationParameters(
  doc: SpecDocument,
  pathItem: SpecNode,
  op: SpecNode,
  path: string,
): ParamEntry[] {
  const byKey = new Map<string, ParamEntry>();
  for (const owner of [pathItem, op]) {
    const list = doc.child(owner, "parameters");
    if (!list || !Array.isArray(list.value)) continue;
    list.value.forEach((_, i) => {
      const node = doc.resolve(doc.child(list, i)!);
      if (!isObject(node.value)) return;
      const where = String(node.value.in ?? "");
      const name = String(node.value.name ?? "");
      const key =
        where === "path"
          ? `path:#${pathPosition(path, name)}`
          : `${where}:${where === "header" ? name.toLowerCase() : name}`;
      byKey.set(key, {
        key,
        label: `${where} parameter ${name}`,
        node,
        required: node.value.required === true,
      });
    });
  }
  return [...byKey.values()];
}

/**
 * The headers of an answer, keyed like header parameters.
 *
 * @example
 * responseHeaders(doc, responseNode)
 */
export function responseHeaders(doc: SpecDocument, response: SpecNode): ParamEntry[] {
  const headers = doc.child(response, "headers");
  if (!headers || !isObject(headers.value)) return [];
  return Object.keys(headers.value).map((name) => {
    const node = doc.resolve(doc.child(headers, name)!);
    const required = isObject(node.value) && node.value.required === true;
    return { key: `header:${name.toLowerCase()}`, label: `header ${name}`, node, required };
  });
}

function parameterSchema(doc: SpecDocument, node: SpecNode): SpecNode | undefined {
  const schema = doc.child(node, "schema");
  if (schema) return schema;
  const content = doc.child(node, "content");
  if (!content || !isObject(content.value)) return undefined;
  const first = Object.keys(content.value)[0];
  return first === undefined ? undefined : doc.child(doc.child(content, first)!, "schema");
}

function compareOne(scope: Scope, a: ParamEntry, b: ParamEntry): void {
  const here = scope.at(b.label);
  if (scope.role === "request") {
    if (!a.required && b.required)
      here.report("request-parameter-became-required", b.node, `${b.label} is now required`);
    if (a.required && !b.required)
      here.report("request-parameter-became-optional", b.node, `${b.label} is no longer required`);
    const av = a.node.value as Record<string, unknown>;
    const bv = b.node.value as Record<string, unknown>;
    for (const key of SERIALISATION) {
      if (!sameValue(av[key], bv[key])) {
        here.report(
          "request-parameter-serialisation-changed",
          b.node,
          `${key} ${show(av[key])} became ${show(bv[key])}`,
          av[key],
          bv[key],
        );
      }
    }
    const mediaA = isObject(av.content) ? Object.keys(av.content) : [];
    const mediaB = isObject(bv.content) ? Object.keys(bv.content) : [];
    if (!sameValue(mediaA.sort(), mediaB.sort())) {
      here.report(
        "request-parameter-serialisation-changed",
        b.node,
        `content ${show(mediaA)} became ${show(mediaB)}`,
      );
    }
  } else {
    if (a.required && !b.required)
      here.report("response-header-became-optional", b.node, `${b.label} may now be absent`);
    if (!a.required && b.required)
      here.report("response-header-became-required", b.node, `${b.label} is now always present`);
  }
  compareAnnotations(here, a.node, b.node, scope.oldDoc, scope.newDoc);
  const sa = parameterSchema(scope.oldDoc, a.node);
  const sb = parameterSchema(scope.newDoc, b.node);
  if (sa || sb) {
    compareSchema(here, sa ?? { ...a.node, value: {} }, sb ?? { ...b.node, value: {} });
  }
}

/**
 * Compares two sets of parameters or headers in the scope's role.
 *
 * @example
 * compareParameters(scope, operationParameters(...old), operationParameters(...new));
 */
export function compareParameters(scope: Scope, before: ParamEntry[], after: ParamEntry[]): void {
  for (const a of before) {
    const b = after.find((x) => x.key === a.key);
    if (b) compareOne(scope, a, b);
    else if (scope.role === "request")
      scope.at(a.label).report("request-parameter-removed", a.node, `${a.label} was removed`);
    else scope.at(a.label).report("response-header-removed", a.node, `${a.label} was removed`);
  }
  for (const b of after) {
    if (before.some((x) => x.key === b.key)) continue;
    const here = scope.at(b.label);
    if (scope.role === "response") here.report("response-header-added", b.node, `${b.label} was added`);
    else if (b.required)
      here.report("request-parameter-added-required", b.node, `required ${b.label} was added`);
    else here.report("request-parameter-added-optional", b.node, `optional ${b.label} was added`);
  }
}
