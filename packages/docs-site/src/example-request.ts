// Builds the concrete request of an operation from its documented examples, as code samples show it.
import { deref, type Json, type OperationRef } from "./spec-walk.js";

/** A request filled from the examples, before credentials and signatures are added. */
export interface ExampleRequest {
  readonly method: string;
  /** Path with path parameters substituted (not URL-encoded twice). */
  readonly path: string;
  /** Parameter values as the examples give them (numbers stay numbers, for typed samples). */
  readonly pathParams: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  /** Required headers of the operation (credential headers are filled later). */
  readonly headers: Record<string, unknown>;
  readonly mediaType?: string;
  readonly body?: unknown;
}

function exampleOf(doc: Json, node: Json): unknown {
  if (node.example !== undefined) return node.example;
  const named = node.examples as Json | undefined;
  if (named && !Array.isArray(named)) {
    const first = Object.values(named)[0];
    if (first !== undefined) return deref(doc, first).value;
  }
  const schema = node.schema ? deref(doc, node.schema) : undefined;
  if (Array.isArray(schema?.examples)) return schema.examples[0];
  if (schema?.example !== undefined) return schema.example;
  if (schema?.const !== undefined) return schema.const;
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  if (schema?.default !== undefined) return schema.default;
  return undefined;
}

/**
 * The request an operation's examples describe: required parameters and the first request-body example.
 *
 * @example
 * const req = exampleRequest(doc, { group: "paths", name: "/otp/send", method: "post", op, item });
 */
export function exampleRequest(doc: Json, ref: OperationRef): ExampleRequest {
  const pathParams: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const headers: Record<string, unknown> = {};
  let path = ref.name;
  const params = [...((ref.item.parameters as unknown[]) ?? []), ...((ref.op.parameters as unknown[]) ?? [])];
  for (const raw of params) {
    const p = deref(doc, raw);
    if (!p.required && p.in !== "path") continue;
    const value = exampleOf(doc, p);
    if (value === undefined) continue;
    const name = String(p.name);
    if (p.in === "path") {
      pathParams[name] = value;
      path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    } else if (p.in === "query") query[name] = value;
    else if (p.in === "header") headers[name] = value;
  }
  const content = (deref(doc, ref.op.requestBody ?? {}).content ?? {}) as Record<string, Json>;
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  const base = { method: ref.method.toUpperCase(), path, pathParams, query, headers };
  if (!mediaType || !media) return base;
  return { ...base, mediaType, body: exampleOf(doc, media) };
}
