// Routing by a table built once per host: static paths by lookup, templated paths by their compiled patterns.
import type { HostSpec, OperationInfo } from "../core/spec-index.js";
import type { MockResponse } from "../types.js";
import { problem } from "./violations.js";

/** The operation a request is for, or the documented 404/405 answer. */
export type Routed =
  | { kind: "found"; op: OperationInfo; params: Record<string, string> }
  | { kind: "unrouted"; answer: MockResponse };

/** Routes one host's requests. */
export type RouteTable = (method: string, path: string) => Routed;

function params(op: OperationInfo, m: RegExpExecArray | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!m) return out;
  op.paramNames.forEach((name, i) => {
    const v = m[i + 1] ?? "";
    try {
      out[name] = decodeURIComponent(v);
    } catch {
      out[name] = v;
    }
  });
  return out;
}

/**
 * Builds the routing table of a host: the first operation (in bundle order) whose path matches and whose method
 * is the request's; a matching path with another method is 405 with `allow`, no matching path 404.
 *
 * @example
 * const route = buildRouteTable(spec);
 * route("POST", "/otp/send"); // { kind: "found", op, params: {} }
 */
export function buildRouteTable(spec: HostSpec): RouteTable {
  const templated = spec.operations.filter((op) => op.paramNames.length > 0);
  // Every operation matching a static path, in bundle order (a templated one may match it too).
  const byStaticPath = new Map<string, OperationInfo[]>();
  for (const op of spec.operations) {
    if (op.paramNames.length > 0 || byStaticPath.has(op.template)) continue;
    byStaticPath.set(
      op.template,
      spec.operations.filter((o) => o.regex.test(op.template)),
    );
  }
  const known = [...new Set(spec.operations.map((o) => `${o.method.toUpperCase()} ${o.template}`))];
  return (method, path) => {
    const lower = method.toLowerCase();
    const candidates = byStaticPath.get(path) ?? templated.filter((op) => op.regex.test(path));
    const op = candidates.find((o) => o.method === lower);
    if (op)
      return { kind: "found", op, params: params(op, op.paramNames.length ? op.regex.exec(path) : null) };
    if (candidates.length > 0) {
      const allow = [...new Set(candidates.map((o) => o.method.toUpperCase()))].join(", ");
      const answer = problem(
        405,
        "Method not allowed",
        `${method} is not documented for ${path}; use ${allow}`,
      );
      return { kind: "unrouted", answer: { ...answer, headers: { allow } } };
    }
    const detail = `${method} ${path} is not an operation of the ${spec.host} host`;
    return { kind: "unrouted", answer: problem(404, "Unknown path", detail, { operations: known }) };
  };
}
