// Documented refusals: the operation's own 400/422 in the host's shape, else the spec's shared refusal responses.
import { type HostSpec, type OperationInfo, preparedResponse, resolve } from "../core/spec-index.js";
import { timeLike } from "../core/written-time.js";
import type { MockResponse } from "../types.js";
import { problem, type Violation } from "./violations.js";

/** The shared refusals of specs/shared/components/responses, named by their x-pgi-refusal extension. */
export type RefusalKind = "malformed-request" | "body-too-large" | "unsupported-media-type";

const TITLES: Record<RefusalKind, string> = {
  "malformed-request": "Malformed request",
  "body-too-large": "Body too large",
  "unsupported-media-type": "Unsupported media type",
};

/** What a refusal echoes of the request, so a refusal never carries an example's identifiers, path or time. */
export interface RefusalContext {
  path: string;
  fields: Record<string, string>;
  /** The mock clock's time of the refusal (ms). */
  now: number;
}

/** The status of the operation's shared response with `x-pgi-refusal: kind`, if it documents one. */
export function sharedRefusalStatus(
  spec: HostSpec,
  op: OperationInfo,
  kind: RefusalKind,
): number | undefined {
  for (const [status, response] of Object.entries((op.raw.responses ?? {}) as Record<string, unknown>)) {
    const r = resolve(spec.doc, response) as Record<string, unknown> | undefined;
    if (r?.["x-pgi-refusal"] === kind) return Number(status);
  }
  return undefined;
}

/** The operation's own (host-shaped, not shared) documented response of `status`. */
function ownResponse(spec: HostSpec, op: OperationInfo, status: number): MockResponse | undefined {
  const responses = (op.raw.responses ?? {}) as Record<string, unknown>;
  const r = resolve(spec.doc, responses[String(status)]) as Record<string, unknown> | undefined;
  if (!r || r["x-pgi-refusal"] !== undefined) return undefined;
  return preparedResponse(spec, op, status);
}

const IDENTIFIERS: Record<string, string[]> = {
  txnid: ["txnid"],
  txnId: ["txnid"],
  merchantRefId: ["merchantRefId"],
  payoutMerchantId: ["payoutMerchantId", "pid"],
  reseller_uuid: ["reseller_uuid"],
};

/**
 * Replaces identifiers, the path and the time (`timestamp`) in a documented example body with the request's own
 * values and the mock clock's time.
 */
export function echoRequest(body: unknown, ctx: RefusalContext, depth = 0): unknown {
  if (depth > 4 || !body || typeof body !== "object" || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const names = IDENTIFIERS[k];
    if (k === "path" && typeof v === "string") out[k] = ctx.path;
    else if (k === "timestamp" && typeof v === "string") out[k] = timeLike(v, ctx.now);
    // The request's own value, or empty when it sent none: never the example's identifier.
    else if (names && typeof v === "string")
      out[k] = names.map((name) => ctx.fields[name]).find((x) => x !== undefined) ?? "";
    else out[k] = echoRequest(v, ctx, depth + 1);
  }
  return out;
}

function withViolations(res: MockResponse, violations: Violation[]): MockResponse {
  const header = JSON.stringify(violations).slice(0, 7_000);
  return { ...res, headers: { ...(res.headers ?? {}), "x-pgi-mock-violations": header } };
}

const describe = (violations: Violation[]) =>
  violations
    .slice(0, 5)
    .map((v) => `${v.field}: ${v.message}`)
    .join("; ") + (violations.length > 5 ? `; and ${violations.length - 5} more` : "");

/**
 * Refuses a request with a documented answer. A malformed request or one that breaks the contract gets the
 * operation's own 400 (or, for `invalid`, its own 422) in the host's shape, echoing the request's identifiers;
 * otherwise the shared refusal the operation references. Every answer carries the violations in
 * `x-pgi-mock-violations`.
 *
 * @example
 * refuse(spec, op, "malformed-request", [{ location: "header", field: "header.content-type", rule: "syntax", message: "not one media type" }], ctx);
 */
export function refuse(
  spec: HostSpec,
  op: OperationInfo,
  kind: RefusalKind | "invalid",
  violations: Violation[],
  ctx: RefusalContext,
): MockResponse {
  if (kind === "invalid" || kind === "malformed-request") {
    for (const status of kind === "invalid" ? [400, 422] : [400]) {
      const own = ownResponse(spec, op, status);
      if (own) return withViolations({ ...own, body: echoRequest(own.body, ctx) }, violations);
    }
  }
  const shared = kind === "invalid" ? "malformed-request" : kind;
  const status = sharedRefusalStatus(spec, op, shared) ?? (shared === "malformed-request" ? 400 : 0);
  const fallback = { "malformed-request": 400, "body-too-large": 413, "unsupported-media-type": 415 }[shared];
  const extra = {
    ...(violations.length > 1 ? { validation: violations } : {}),
    instance: ctx.path,
    timestamp: new Date(ctx.now).toISOString(),
  };
  return withViolations(
    problem(status || fallback, TITLES[shared], describe(violations) || TITLES[shared], extra),
    violations,
  );
}
