// Generates each operation's x-codeSamples from the contract: curl signed for the mock's test credentials, and
// TypeScript with @pgi/client.
import { type HostName, hosts, OPERATIONS, type OperationMeta } from "@pgi/client";
import { sign } from "@pgi/signing";
import { type ExampleRequest, exampleRequest } from "./example-request.js";
import {
  authorizationValue,
  CREDENTIAL_PARAMETERS,
  clientCredentialsLiteral,
  credentialFields,
  factoryName,
  MOCK_URLS,
  PARAMETER_NAMES,
  recipeSecret,
} from "./sample-credentials.js";
import { deref, type Json, type OperationRef } from "./spec-walk.js";

export { MOCK_URLS } from "./sample-credentials.js";

/** One entry of Redoc's `x-codeSamples`. */
export interface CodeSample {
  readonly lang: "Shell" | "TypeScript";
  readonly label: string;
  readonly source: string;
}

/** Quotes a string for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function metaOf(host: HostName, operationId: string): OperationMeta | undefined {
  return OPERATIONS.find((o) => o.host === host && o.operationId === operationId);
}

/** Form fields as sent: objects serialised once, everything else as its string. */
function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Json)) {
    if (v === undefined || v === null) continue;
    out[k] = typeof v === "object" ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** Fills key/mid and computes hash/checksum with the mock's test secrets, as the client would. */
function signedForm(host: HostName, meta: OperationMeta, body: unknown): Record<string, string> {
  const fields = formFields(body);
  delete fields.hash;
  delete fields.checksum;
  for (const { field, value } of credentialFields(host)) if (field in fields) fields[field] = value;
  const variant =
    meta.signatures.find((s) => s.required.every((r) => r === "hash" || r === "checksum" || r in fields)) ??
    meta.signatures[0];
  if (!variant) return fields;
  if (variant.scheme === "wallet-checksum")
    fields.checksum = sign(
      "wallet-checksum",
      fields as never,
      recipeSecret(host, "signing-secret") ?? "",
    ).digest;
  else
    fields.hash = sign(
      variant.scheme as "payment-request",
      fields as never,
      recipeSecret(host, "salt") ?? "",
    ).digest;
  return fields;
}

function curlSample(host: HostName, meta: OperationMeta, req: ExampleRequest): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) query.append(k, CREDENTIAL_PARAMETERS[k] ?? String(v));
  const url = `${MOCK_URLS[host]}${req.path}${query.size ? `?${query}` : ""}`;
  const lines = [`curl -sS -X ${req.method} ${shellQuote(url)}`];
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = CREDENTIAL_PARAMETERS[k] ?? String(v);
  const authorization = authorizationValue(host);
  if (meta.security === "bearer" && authorization) headers.Authorization = `Bearer ${authorization}`;
  if (meta.security === "apiKey" && authorization) headers.Authorization = authorization;
  if (req.mediaType) headers["Content-Type"] = req.mediaType;
  for (const [k, v] of Object.entries(headers)) lines.push(`-H ${shellQuote(`${k}: ${v}`)}`);
  if (req.mediaType?.includes("x-www-form-urlencoded")) {
    for (const [k, v] of Object.entries(signedForm(host, meta, req.body)))
      lines.push(`--data-urlencode ${shellQuote(`${k}=${v}`)}`);
  } else if (req.body !== undefined) lines.push(`--data-raw ${shellQuote(JSON.stringify(req.body))}`);
  const note = meta.signatures.length
    ? "# Against `pnpm mock`: its test credentials, the hash computed by @pgi/signing at build time.\n"
    : "# Against `pnpm mock` and its test credentials.\n";
  return note + lines.join(" \\\n  ");
}

/** A TypeScript object literal, indented for the sample. */
function literal(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}

function successIsText(doc: Json, op: Json): boolean {
  for (const [status, raw] of Object.entries((op.responses as Json | undefined) ?? {})) {
    if (!status.startsWith("2")) continue;
    const content = Object.keys((deref(doc, raw).content as Json | undefined) ?? {});
    if (content.length > 0) return content.every((t) => t.startsWith("text/"));
  }
  return false;
}

/** The query as TypeScript reads it: credential values from the environment, typed as the schema says. */
function queryForTs(doc: Json, ref: OperationRef, query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = [...((ref.item.parameters as unknown[]) ?? []), ...((ref.op.parameters as unknown[]) ?? [])];
  for (const [k, v] of Object.entries(query)) {
    const env = PARAMETER_NAMES[k];
    if (!env) out[k] = v;
    else {
      const p = params.map((raw) => deref(doc, raw)).find((q) => q.name === k && q.in === "query");
      const type = deref(doc, p?.schema).type;
      out[k] =
        `@@${type === "integer" || type === "number" ? `Number(process.env.${env})` : `process.env.${env}!`}@@`;
    }
  }
  return out;
}

function typescriptSample(host: HostName, doc: Json, ref: OperationRef, req: ExampleRequest): string {
  const params: Record<string, Record<string, unknown>> = {};
  if (Object.keys(req.pathParams).length) params.path = req.pathParams;
  if (Object.keys(req.query).length) params.query = queryForTs(doc, ref, req.query);
  const ownHeaders = Object.fromEntries(
    Object.entries(req.headers).filter(([k]) => !(k in CREDENTIAL_PARAMETERS)),
  );
  if (Object.keys(ownHeaders).length) params.header = ownHeaders;
  const options: string[] = [];
  if (Object.keys(params).length)
    options.push(`  params: ${literal(params, "  ").replace(/"@@(.+?)@@"/g, "$1")},`);
  if (req.body !== undefined) {
    const body = { ...(req.body as Json) };
    for (const k of ["hash", "checksum"]) delete body[k];
    for (const { field, byClient } of credentialFields(host)) if (byClient) delete body[field];
    options.push(`  body: ${literal(body, "  ")},`);
  }
  if (successIsText(doc, ref.op)) options.push(`  parseAs: "text",`);
  const factory = factoryName(host);
  const call = `${req.method}(${JSON.stringify(ref.name)}${options.length ? `, {\n${options.join("\n")}\n}` : ""})`;
  return `import { ${factory} } from "@pgi/client";

// baseUrl: ${hosts[host].env} when set, else the local mock. The client signs and fills credentials.
const ${host} = ${factory}({
  credentials: ${clientCredentialsLiteral(host)},
});
const { data, error } = await ${host}.${call};
console.log(error ?? data);
`;
}

/**
 * The code samples of one operation (none for webhooks and callbacks, which the gateway sends, not you).
 *
 * @example
 * const samples = codeSamples("otp", doc, ref); // [{ lang: "Shell", ... }, { lang: "TypeScript", ... }]
 */
export function codeSamples(host: HostName, doc: Json, ref: OperationRef): CodeSample[] {
  if (ref.group !== "paths") return [];
  const meta = metaOf(host, String(ref.op.operationId));
  if (!meta)
    throw new Error(
      `${host} ${ref.method.toUpperCase()} ${ref.name}: no client metadata for ${String(ref.op.operationId)}`,
    );
  const req = exampleRequest(doc, ref);
  return [
    { lang: "Shell", label: "curl", source: curlSample(host, meta, req) },
    { lang: "TypeScript", label: "TypeScript (@pgi/client)", source: typescriptSample(host, doc, ref, req) },
  ];
}
