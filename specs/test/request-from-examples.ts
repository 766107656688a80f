// Builds a concrete HTTP request for an operation from the examples in its bundled spec (for Prism and docs checks).
import { at, type Host, loadBundle } from "./helpers.js";

type Json = Record<string, unknown>;
export interface ExampleRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  operationId: string;
}

const METHODS = ["get", "put", "post", "delete", "patch"];

function deref(host: Host, node: unknown): Json {
  let n = node as Json;
  while (n && typeof n.$ref === "string") n = at(host, (n.$ref as string).slice(1)) as Json;
  return n;
}

function exampleOf(host: Host, node: Json): unknown {
  if (node.example !== undefined) return node.example;
  const named = node.examples as Json | undefined;
  if (named && !Array.isArray(named)) {
    const first = deref(host, Object.values(named)[0]);
    return first?.value;
  }
  const schema = node.schema ? deref(host, node.schema) : undefined;
  if (schema?.examples && Array.isArray(schema.examples)) return schema.examples[0];
  if (schema?.example !== undefined) return schema.example;
  if (schema?.const !== undefined) return schema.const;
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  return "example";
}

function formEncode(value: Json): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    params.append(k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

/** One request per operation of the host's `paths`, filled from the documented examples. */
export function exampleRequests(host: Host): ExampleRequest[] {
  const doc = loadBundle(host) as Json;
  const schemes = ((doc.components as Json)?.securitySchemes ?? {}) as Record<string, Json>;
  const out: ExampleRequest[] = [];
  for (const [template, rawItem] of Object.entries(doc.paths as Json)) {
    const item = deref(host, rawItem);
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const headers: Record<string, string> = {};
      const query = new URLSearchParams();
      let path = template;
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])];
      for (const raw of params) {
        const p = deref(host, raw);
        if (!p.required && p.in !== "path") continue;
        const value = String(exampleOf(host, p));
        if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(value));
        else if (p.in === "query") query.append(p.name as string, value);
        else if (p.in === "header") headers[p.name as string] = value;
      }
      const requirement = ((op.security ?? doc.security ?? []) as Json[]).find(
        (r) => Object.keys(r).length > 0,
      );
      for (const name of Object.keys(requirement ?? {})) {
        const scheme = schemes[name];
        if (scheme?.type === "http") headers.Authorization = "Bearer example-token";
        else if (scheme?.type === "apiKey" && scheme.in === "header")
          headers[scheme.name as string] = "example-token";
      }
      let body: string | undefined;
      const content = (deref(host, op.requestBody ?? {}).content ?? {}) as Record<string, Json>;
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      if (mediaType && media) {
        const value = exampleOf(host, media);
        headers["Content-Type"] = mediaType;
        body = mediaType.includes("x-www-form-urlencoded")
          ? formEncode(value as Json)
          : JSON.stringify(value);
      }
      const qs = query.toString();
      out.push({
        method: method.toUpperCase(),
        path: qs ? `${path}?${qs}` : path,
        headers,
        body,
        operationId: op.operationId as string,
      });
    }
  }
  return out;
}
