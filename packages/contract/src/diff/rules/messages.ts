// Rule family "messages": request bodies, media types and the statuses of answers. For webhooks and callbacks
// the gateway sends the request and the merchant answers, so the roles are swapped by the caller.
import type { Scope } from "../scope.js";
import type { SpecDocument, SpecNode } from "../spec-document.js";
import type { Role, RuleMeta } from "../types.js";
import { isObject } from "../values.js";
import { compareAnnotations } from "./annotations.js";
import { compareParameters, responseHeaders } from "./parameters.js";
import { compareSchema } from "./schema.js";

const FAMILY = "messages";

export const RULES: readonly RuleMeta[] = [
  {
    id: "request-body-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "the body the merchant sends is no longer accepted",
  },
  {
    id: "request-body-added-required",
    severity: "breaking",
    family: FAMILY,
    summary: "a body is now required",
  },
  {
    id: "request-body-added-optional",
    severity: "non-breaking",
    family: FAMILY,
    summary: "an optional body is now accepted",
  },
  {
    id: "request-body-became-required",
    severity: "breaking",
    family: FAMILY,
    summary: "the optional body became required",
  },
  {
    id: "request-body-became-optional",
    severity: "non-breaking",
    family: FAMILY,
    summary: "the required body became optional",
  },
  {
    id: "response-body-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a body the merchant received is no longer sent",
  },
  {
    id: "response-body-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "the merchant now receives a body",
  },
  {
    id: "request-media-type-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a media type the merchant sends is no longer accepted",
  },
  {
    id: "request-media-type-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "one more media type is accepted",
  },
  {
    id: "response-media-type-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a media type the merchant received is no longer sent",
  },
  {
    id: "response-media-type-added",
    severity: "informational",
    family: FAMILY,
    summary: "an answer may come in one more media type",
  },
  {
    id: "response-success-status-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a success status (2xx) of an operation the merchant calls was removed",
  },
  {
    id: "response-success-status-added",
    severity: "breaking",
    family: FAMILY,
    summary: "an operation may answer a success status (2xx) it did not before",
  },
  {
    id: "response-error-status-removed",
    severity: "non-breaking",
    family: FAMILY,
    summary: "an error status (or default) is no longer documented",
  },
  {
    id: "response-error-status-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "a new documented error status (or default), e.g. a 503 refusal",
  },
  {
    id: "answer-status-removed",
    severity: "breaking",
    family: FAMILY,
    summary: "a status the merchant answers a webhook or callback with is no longer documented",
  },
  {
    id: "answer-status-added",
    severity: "non-breaking",
    family: FAMILY,
    summary: "the merchant may answer a webhook or callback with one more status",
  },
];

function mediaTypes(doc: SpecDocument, owner: SpecNode): Map<string, SpecNode> {
  const content = doc.child(owner, "content");
  const out = new Map<string, SpecNode>();
  if (!content || !isObject(content.value)) return out;
  for (const name of Object.keys(content.value))
    out.set(name.toLowerCase(), doc.resolve(doc.child(content, name)!));
  return out;
}

/** Compares the media types of a body or an answer; `label` names the message ("request body", "200 answer"). */
function compareContent(scope: Scope, o: SpecNode, n: SpecNode, label: string): void {
  const a = mediaTypes(scope.oldDoc, o);
  const b = mediaTypes(scope.newDoc, n);
  const r = scope.role;
  for (const [type, node] of a) {
    const other = b.get(type);
    const here = scope.at(`${label} (${type})`);
    if (!other) {
      here.report(`${r}-media-type-removed`, node, `${label} in ${type} was removed`);
      continue;
    }
    compareAnnotations(here, node, other, scope.oldDoc, scope.newDoc);
    const sa = scope.oldDoc.child(node, "schema");
    const sb = scope.newDoc.child(other, "schema");
    if (sa || sb) compareSchema(here, sa ?? { ...node, value: {} }, sb ?? { ...other, value: {} });
  }
  for (const [type, node] of b) {
    if (!a.has(type))
      scope.at(`${label} (${type})`).report(`${r}-media-type-added`, node, `${label} in ${type} was added`);
  }
}

/**
 * Compares two request bodies (either may be absent) in the scope's role.
 *
 * @example
 * compareRequestBody(scope, oldOp, newOp);
 */
export function compareRequestBody(scope: Scope, oldOp: SpecNode, newOp: SpecNode): void {
  const o = scope.oldDoc.get(oldOp, "requestBody");
  const n = scope.newDoc.get(newOp, "requestBody");
  const here = scope.at("request body");
  const req = (node: SpecNode | undefined) => isObject(node?.value) && node.value.required === true;
  if (!o && !n) return;
  if (scope.role === "response") {
    if (!n) here.report("response-body-removed", o!, "the body is no longer sent");
    else if (!o) here.report("response-body-added", n, "a body is now sent");
    else compareContent(scope, o, n, "request body");
    return;
  }
  if (!n) {
    here.report("request-body-removed", o!, "the request body was removed");
    return;
  }
  if (!o) {
    here.report(
      req(n) ? "request-body-added-required" : "request-body-added-optional",
      n,
      "a request body was added",
    );
    return;
  }
  if (!req(o) && req(n)) here.report("request-body-became-required", n, "the request body is now required");
  if (req(o) && !req(n))
    here.report("request-body-became-optional", n, "the request body is no longer required");
  compareAnnotations(here, o, n, scope.oldDoc, scope.newDoc);
  compareContent(scope, o, n, "request body");
}

function isSuccess(status: string): boolean {
  return /^2/.test(status);
}

/**
 * Compares the answers of two operations. `answersRole` is who receives the answers: the merchant (`response`,
 * for the operations it calls) or the gateway (`request`, for webhooks and callbacks the merchant answers).
 *
 * @example
 * compareResponses(scope, oldOp, newOp, "response");
 */
export function compareResponses(scope: Scope, oldOp: SpecNode, newOp: SpecNode, answersRole: Role): void {
  const o = scope.oldDoc.get(oldOp, "responses");
  const n = scope.newDoc.get(newOp, "responses");
  const a = isObject(o?.value) ? Object.keys(o.value) : [];
  const b = isObject(n?.value) ? Object.keys(n.value) : [];
  const s = scope.as(answersRole);
  const merchantAnswers = answersRole === "request";
  for (const status of a) {
    const oldResponse = scope.oldDoc.get(o!, status)!;
    const here = s.at(`${status} answer`);
    if (!b.includes(status)) {
      const rule = merchantAnswers
        ? "answer-status-removed"
        : isSuccess(status)
          ? "response-success-status-removed"
          : "response-error-status-removed";
      here.report(rule, oldResponse, `the ${status} answer is no longer documented`);
      continue;
    }
    const newResponse = scope.newDoc.get(n!, status)!;
    compareAnnotations(here, oldResponse, newResponse, scope.oldDoc, scope.newDoc);
    compareParameters(
      here,
      responseHeaders(scope.oldDoc, oldResponse),
      responseHeaders(scope.newDoc, newResponse),
    );
    compareContent(s, oldResponse, newResponse, `${status} answer`);
  }
  for (const status of b) {
    if (a.includes(status)) continue;
    const rule = merchantAnswers
      ? "answer-status-added"
      : isSuccess(status)
        ? "response-success-status-added"
        : "response-error-status-added";
    s.at(`${status} answer`).report(rule, scope.newDoc.get(n!, status)!, `a ${status} answer was added`);
  }
}
