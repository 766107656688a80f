// The validation stage: the request as Prism would take it, checked by validators compiled once per operation.
import { compileRequestValidator, type RequestValidator } from "../core/request-validators.js";
import type { HostSpec, OperationInfo } from "../core/spec-index.js";
import { caseSensitiveQuery } from "./param-names.js";
import { negotiableAccept } from "./prefer.js";
import type { PrismInput } from "./prism-oracle.js";
import type { IncomingMockRequest } from "./receive.js";
import { checkJsonInForm, fromPrism, type Violation } from "./violations.js";

function allValues(pairs: Iterable<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of pairs) {
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/**
 * The request as Prism takes it: Accept narrowed to what the operation documents, Prefer removed (the mock reads
 * it), JSON bodies parsed and form bodies raw, and query names matched case-sensitively (a name that differs from
 * a documented one only in case is left out, so it is not taken for the documented parameter).
 *
 * @example
 * const input = prismInput(spec, op, incoming, parsedJson);
 */
export function prismInput(
  spec: HostSpec,
  op: OperationInfo,
  req: IncomingMockRequest,
  body: unknown,
): PrismInput {
  const headers: Record<string, string> = { ...req.headers };
  const accept = negotiableAccept(spec, op, req.headers.accept);
  if (accept === undefined) delete headers.accept;
  else headers.accept = accept;
  delete headers.prefer;
  return {
    method: req.method.toLowerCase(),
    url: { path: req.path, query: allValues(caseSensitiveQuery(op, req.search)) },
    headers,
    body,
  };
}

const compiled = new WeakMap<OperationInfo, RequestValidator | null>();

/**
 * Prism's verdict on a request from the operation's compiled validators, plus the JSON inside form fields; or
 * undefined when this operation or request needs Prism's own validator. `prismFields` is the form body already
 * decoded under Prism's rules (readBody's), so it is not decoded again.
 *
 * @example
 * const violations = validate(spec, op, input, parsedBody); // [] when valid
 */
export function validate(
  spec: HostSpec,
  op: OperationInfo,
  input: PrismInput,
  parsedBody: unknown,
  prismFields?: Record<string, string>,
): Violation[] | undefined {
  let validator = compiled.get(op);
  if (validator === undefined) {
    validator = compileRequestValidator(op.prism) ?? null;
    compiled.set(op, validator);
  }
  if (!validator) return undefined;
  const diagnostics = validator({
    path: input.url.path,
    query: input.url.query,
    headers: input.headers,
    body: input.body,
    form: prismFields,
  });
  if (!diagnostics) return undefined;
  return [...fromPrism(diagnostics), ...checkJsonInForm(spec, op, parsedBody)];
}
