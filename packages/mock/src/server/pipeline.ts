// One host's request pipeline: route, parse, authorise, validate with Prism, then the host's behaviour or Prism's answer.
import { createRequire } from "node:module";
import { documentedResponse, type HostSpec, type OperationInfo, route } from "../core/spec-index.js";
import type { HostBehaviour, HostContext, MockRequest, MockResponse } from "../types.js";
import { checkSecurity } from "./security.js";
import { checkJsonInForm, fromPrism, problem, type Violation } from "./violations.js";

const require = createRequire(import.meta.url);
const { createInstance } = require("@stoplight/prism-http") as {
  createInstance(config: unknown, components: unknown): PrismInstance;
};
const { validateInput } = require("@stoplight/prism-http/dist/validator/index.js") as {
  validateInput(args: { resource: unknown; element: unknown }): { _tag: "Left" | "Right" };
};
const { createLogger } = require("@stoplight/prism-core") as { createLogger(n: string, o: unknown): unknown };
const { getHttpConfigFromRequest } =
  require("@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js") as {
    getHttpConfigFromRequest(
      input: unknown,
    ): { _tag: "Left"; left: PrismError } | { _tag: "Right"; right: object };
  };

interface PrismError {
  status?: number;
  name?: string;
  detail?: string;
  message?: string;
  additional?: Record<string, unknown>;
}
interface PrismOutput {
  output: { statusCode: number; headers?: Record<string, string>; body?: unknown };
  validations: { input: { path?: string[]; code?: string | number; message: string; severity: number }[] };
}
type Either = { _tag: "Left"; left: PrismError } | { _tag: "Right"; right: PrismOutput };
interface PrismInstance {
  request(input: unknown, operations: unknown[], config: unknown): () => Promise<Either>;
}

const BASE_CONFIG = {
  isProxy: false,
  mock: { dynamic: false },
  validateRequest: true,
  validateResponse: false,
  checkSecurity: false,
  errors: false,
  upstreamProxy: undefined,
};

let sharedPrism: PrismInstance | undefined;
/** One Prism instance serves every host: operations are passed per call. */
function prism(): PrismInstance {
  sharedPrism ??= createInstance(BASE_CONFIG, { logger: createLogger("pgi-mock", { level: "silent" }) });
  return sharedPrism;
}

/** A request as read from the socket. */
export interface IncomingMockRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  rawBody: string;
}

/** Forced answers set through POST /__mock/force, consumed one per request. */
export interface ForcedAnswers {
  take(host: string, operationId: string): MockResponse | undefined;
  putBack(host: string, operationId: string, answer: MockResponse): void;
}

/** Everything the pipeline of one host needs. */
export interface PipelineDeps {
  spec: HostSpec;
  behaviour: HostBehaviour | undefined;
  ctx: HostContext;
  forced: ForcedAnswers;
}

function firstValues(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of search) if (!(k in out)) out[k] = v;
  return out;
}

function allValues(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

function acceptedMediaTypes(op: OperationInfo, spec: HostSpec): string[] {
  const body = op.raw.requestBody as { content?: Record<string, unknown>; $ref?: string } | undefined;
  if (!body) return [];
  const content = (body.content ?? {}) as Record<string, unknown>;
  void spec;
  return Object.keys(content).map((m) => m.toLowerCase());
}

function withViolations(res: MockResponse, violations: Violation[]): MockResponse {
  const header = JSON.stringify(violations).slice(0, 7_000);
  return { ...res, headers: { ...(res.headers ?? {}), "x-pgi-mock-violations": header } };
}

/** Answers a request that failed validation: the documented 400/422 if there is one, else problem+json. */
function validationAnswer(deps: PipelineDeps, op: OperationInfo, violations: Violation[]): MockResponse {
  for (const status of [400, 422]) {
    if (!op.documentedStatuses.includes(status)) continue;
    const doc = documentedResponse(deps.spec, op, status);
    if (doc) return withViolations(doc, violations);
  }
  return withViolations(
    problem(422, "Request does not match the contract", describe(violations), { validation: violations }),
    violations,
  );
}

const describe = (violations: Violation[]) =>
  violations
    .slice(0, 5)
    .map((v) => `${v.field}: ${v.message}`)
    .join("; ") + (violations.length > 5 ? `; and ${violations.length - 5} more` : "");

/**
 * Runs one request through the host's pipeline.
 *
 * @example
 * const res = await handleRequest(deps, { method: "GET", path: "/x", search, headers, rawBody: "" });
 */
export async function handleRequest(deps: PipelineDeps, req: IncomingMockRequest): Promise<MockResponse> {
  const { spec } = deps;
  const routed = route(spec, req.method, req.path);
  if (routed.kind === "no-path") {
    return problem(
      404,
      "Unknown path",
      `${req.method} ${req.path} is not an operation of the ${spec.host} host`,
      {
        operations: routed.paths,
      },
    );
  }
  if (routed.kind === "no-method") {
    const res = problem(
      405,
      "Method not allowed",
      `${req.method} is not documented for ${req.path}; use ${routed.allow.join(", ")}`,
    );
    return { ...res, headers: { allow: routed.allow.join(", ") } };
  }
  const { op, params } = routed;

  // Body: media type and syntax first, so the error names the real problem.
  const contentType = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  const accepted = acceptedMediaTypes(op, spec);
  let parsedBody: unknown;
  let prismBody: unknown;
  if (req.rawBody.length > 0 || (accepted.length > 0 && req.method !== "GET")) {
    if (accepted.length > 0 && (!contentType || !accepted.includes(contentType))) {
      if (req.rawBody.length > 0 || contentType) {
        return problem(
          415,
          "Unsupported media type",
          `Content-Type ${contentType ?? "(none)"} is not accepted by ${op.operationId}; send ${accepted.join(" or ")}`,
        );
      }
    }
    if (contentType === "application/json" || contentType?.endsWith("+json")) {
      try {
        parsedBody = req.rawBody.length === 0 ? undefined : JSON.parse(req.rawBody);
      } catch (error) {
        return problem(400, "Malformed JSON body", `body: not valid JSON (${(error as Error).message})`);
      }
      prismBody = parsedBody;
    } else if (contentType === "application/x-www-form-urlencoded") {
      // Prism's form decoder throws on a malformed %-escape (URIError): refuse it here with the field's name.
      for (const pair of req.rawBody.split("&")) {
        try {
          decodeURIComponent(pair.replace(/\+/g, " "));
        } catch {
          const name = pair.split("=")[0] ?? "";
          return problem(400, "Malformed form body", `body.${name.slice(0, 40)}: malformed percent-encoding`);
        }
      }
      const form = new URLSearchParams(req.rawBody);
      const fields: Record<string, string> = {};
      for (const [k, v] of form) {
        if (k in fields) {
          return problem(400, "Malformed form body", `body.${k}: the field appears more than once`);
        }
        fields[k] = v;
      }
      parsedBody = fields;
      prismBody = req.rawBody;
    } else {
      parsedBody = req.rawBody;
      prismBody = req.rawBody;
    }
  }

  const denied = checkSecurity(deps, op, req.headers);
  if (denied) return denied;

  const mockRequest = (): MockRequest => ({
    host: spec.host,
    operationId: op.operationId,
    method: req.method.toUpperCase(),
    path: req.path,
    pathParams: params,
    query: firstValues(req.search),
    headers: req.headers,
    rawBody: req.rawBody,
    body: parsedBody,
    contentType,
  });
  const input = {
    method: req.method.toLowerCase(),
    url: { path: req.path, query: allValues(req.search) },
    headers: req.headers,
    body: prismBody,
  };
  const preferences = getHttpConfigFromRequest(input);
  if (preferences._tag === "Left") {
    return problem(
      422,
      "Invalid Prefer header",
      preferences.left.detail ?? "Prefer: code=<3 digits>, example=<name>",
    );
  }
  const config = { ...BASE_CONFIG, mock: { ...BASE_CONFIG.mock, ...stripUndefined(preferences.right) } };
  const forced = deps.forced.take(spec.host, op.operationId);
  const prefer = req.headers.prefer ? parsePrefer(req.headers.prefer) : undefined;
  const behaviourMayAnswer = deps.behaviour !== undefined && !prefer && !forced;

  // Fast path: Prism's own request validator (the function prism.request runs), without its router and mocker.
  // Only when the request is valid, and a behaviour answers it, is Prism's full pipeline skipped; every refusal
  // still comes from prism.request, so verdicts and documented answers are Prism's.
  if (behaviourMayAnswer && validateInput({ resource: op.prism, element: input })._tag === "Right") {
    const inForm = checkJsonInForm(spec, op, parsedBody);
    if (inForm.length === 0) {
      const answer = await deps.behaviour?.handle(mockRequest(), deps.ctx);
      if (answer) return answer;
    }
  }

  const result = await prism().request(input, [op.prism], config)();
  if (result._tag === "Left") {
    const e = result.left;
    const status = e.status && e.status < 500 ? e.status : 500;
    const violations = fromPrism((e.additional?.validation as never) ?? []);
    return problem(status, e.name?.split("#").pop() ?? "Error", e.detail ?? e.message ?? "", {
      ...(violations.length ? { validation: violations } : {}),
    });
  }
  const violations = [
    ...fromPrism(result.right.validations.input.filter((v) => v.severity === 0)),
    ...checkJsonInForm(spec, op, parsedBody),
  ];
  if (violations.length > 0) {
    // A forced answer is for a valid call: keep it for the next one.
    if (forced) deps.forced.putBack(spec.host, op.operationId, forced);
    return validationAnswer(deps, op, violations);
  }
  if (forced) return forced;
  if (deps.behaviour && !prefer) {
    const answer = await deps.behaviour.handle(mockRequest(), deps.ctx);
    if (answer) return answer;
  }
  const out = result.right.output;
  const headers: Record<string, string> = {};
  let outType: string | undefined;
  for (const [k, v] of Object.entries(out.headers ?? {})) {
    if (k.toLowerCase() === "content-type") outType = v;
    else headers[k] = v;
  }
  return { status: out.statusCode, headers, body: out.body, ...(outType ? { contentType: outType } : {}) };
}

function stripUndefined(o: object): object {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function parsePrefer(value: string): { code?: string; example?: string } | undefined {
  const out: { code?: string; example?: string } = {};
  for (const part of value.split(/[;,]/)) {
    const [k, v] = part.split("=").map((s) => s.trim());
    if (k === "code" && v) out.code = v;
    if (k === "example" && v) out.example = v;
  }
  return out.code || out.example ? out : undefined;
}
