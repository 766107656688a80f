// One host's request path, stage by stage: route, body, security, Prefer, validation, forced answer, behaviour,
// then Prism's stored answer. Each stage is its own module; this one only puts them in order.
import type { OperationInfo } from "../core/spec-index.js";
import type { MockRequest, MockResponse } from "../types.js";
import { withSpecNames } from "./param-names.js";
import type { PipelineDeps } from "./pipeline-deps.js";
import { checkPrefer, type Preference } from "./prefer.js";
import {
  askPrism,
  type PrismError,
  type PrismInput,
  type PrismResult,
  prismAnswer,
  storedPrismAnswer,
} from "./prism-oracle.js";
import type { IncomingMockRequest } from "./receive.js";
import { type RefusalContext, refuse } from "./refusal.js";
import { readBody } from "./request-body.js";
import { checkSecurity, tokenGrant } from "./security.js";
import { prismInput, validate } from "./validation.js";
import { checkJsonInForm, fromPrism, type Violation } from "./violations.js";

export type { ForcedAnswers } from "./forced.js";
export type { PipelineDeps } from "./pipeline-deps.js";
export type { IncomingMockRequest } from "./receive.js";

function firstValues(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of search) if (!(k in out)) out[k] = v;
  return out;
}

/** The string and number fields of a parsed body, for echoing identifiers in refusals. */
function stringFields(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body))
    if (typeof v === "string" || typeof v === "number") out[k] = String(v);
  return out;
}

function echo(deps: PipelineDeps, req: IncomingMockRequest, body?: unknown): RefusalContext {
  return {
    path: req.path,
    now: deps.ctx.clock.now(),
    fields: {
      ...firstValues(req.search),
      ...req.headers,
      ...(body && typeof body === "object" ? stringFields(body as Record<string, unknown>) : {}),
    },
  };
}

/**
 * Violations of a Prism result that refused the input, or undefined when Prism found the input valid. A `Left`
 * without a validation list is Prism failing to answer (no response for the Accept header, say), not a verdict.
 */
function prismViolations(result: PrismResult, extra: () => Violation[]): Violation[] | undefined {
  const listed =
    result._tag === "Left"
      ? fromPrism((result.left.additional?.validation as never) ?? [])
      : fromPrism(result.right.validations.input.filter((v) => v.severity === 0));
  const found = [...listed, ...extra()];
  return found.length > 0 ? found : undefined;
}

/** Prism's failure to answer as a refusal naming what it said: a documented answer, never a 5xx. */
function cannotAnswer(e: PrismError): Violation[] {
  const rule = e.name?.split("#").pop() ?? "invalid";
  return [
    { location: "request", field: "request", rule, message: (e.detail ?? e.message ?? "").slice(0, 300) },
  ];
}

/**
 * Runs one request through the host's pipeline.
 *
 * @example
 * const res = await handleRequest(deps, { method: "GET", path: "/x", search, headers, rawBody: "" });
 */
export async function handleRequest(deps: PipelineDeps, req: IncomingMockRequest): Promise<MockResponse> {
  const { spec } = deps;
  const routed = deps.route(req.method, req.path);
  if (routed.kind === "unrouted") return routed.answer;
  const { op, params } = routed;
  if (req.bodyTooLarge) {
    const message = `larger than the mock's limit of ${req.bodyTooLarge} bytes`;
    return refuse(
      spec,
      op,
      "body-too-large",
      [{ location: "body", field: "body", rule: "maxLength", message }],
      echo(deps, req),
    );
  }
  // A shared sandbox reads what another instance may have changed (the clock's offset, forced answers) first.
  const { sync } = deps.ctx.state;
  if (sync) await sync();
  // Body: media type and syntax first, so the error names the real problem.
  const body = readBody(spec, op, req.method, req.headers, req.rawBody);
  if (!body.ok) return refuse(spec, op, body.kind, body.violations, echo(deps, req));
  const lookup = tokenGrant(deps, op, req.headers);
  const grant = lookup instanceof Promise ? await lookup : lookup;
  const denied = checkSecurity(deps, op, req.headers, () => echo(deps, req), grant);
  if (denied) return denied;
  const wanted = checkPrefer(spec, op, req.headers.prefer);
  if (!wanted.ok)
    return refuse(spec, op, "malformed-request", [wanted.violation], echo(deps, req, body.parsedBody));
  const prefer = wanted.preference;

  const input = prismInput(spec, op, req, body.prismBody);
  const fast =
    deps.validator === "prism" ? undefined : validate(spec, op, input, body.parsedBody, body.prismFields);
  let prismResult: PrismResult | undefined;
  let violations = fast;
  if (!violations) {
    prismResult = await askPrism(op, input, prefer);
    // Prism's draft-07 validation does not look inside JSON carried in form fields: our own check adds it.
    violations = prismViolations(prismResult, () => checkJsonInForm(spec, op, body.parsedBody)) ?? [];
  }
  if (violations.length > 0)
    return refuse(
      spec,
      op,
      "invalid",
      withSpecNames(op, violations, req.search),
      echo(deps, req, body.parsedBody),
    );

  const forcing = deps.forced.take(spec.host, op.operationId);
  const forced = forcing && (await forcing);
  if (forced) return forced;
  if (deps.behaviour && !prefer) {
    const answer = await deps.behaviour.handle(mockRequest(req, op, params, body), deps.ctx);
    if (answer) return answer;
  }
  return answerFromPrism(deps, op, req, input, prefer, prismResult, body.parsedBody);
}

/** The query as a behaviour reads it: the first value of each parameter, names matched case-sensitively. */
const behaviourQuery = (search: URLSearchParams) => firstValues(search);

function mockRequest(
  req: IncomingMockRequest,
  op: OperationInfo,
  params: Record<string, string>,
  body: { contentType: string | undefined; parsedBody: unknown },
): MockRequest {
  return {
    host: op.host,
    operationId: op.operationId,
    method: req.method,
    path: req.path,
    pathParams: params,
    query: behaviourQuery(req.search),
    headers: req.headers,
    rawBody: req.rawBody,
    body: body.parsedBody,
    contentType: body.contentType,
  };
}

/** Prism's answer for a valid request no behaviour answered: the one already asked for, else the stored one. */
async function answerFromPrism(
  deps: PipelineDeps,
  op: OperationInfo,
  req: IncomingMockRequest,
  input: PrismInput,
  prefer: Preference | undefined,
  asked: PrismResult | undefined,
  parsedBody: unknown,
): Promise<MockResponse> {
  const result = asked ?? (await storedPrismAnswer(op, input, prefer));
  if (!("_tag" in result)) return result;
  const violations = prismViolations(result, () => []);
  if (!violations && result._tag === "Right") return prismAnswer(result.right.output);
  const reasons = violations ?? (result._tag === "Left" ? cannotAnswer(result.left) : []);
  return refuse(
    deps.spec,
    op,
    "invalid",
    withSpecNames(op, reasons, req.search),
    echo(deps, req, parsedBody),
  );
}
