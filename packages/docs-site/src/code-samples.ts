// Generates each operation's x-codeSamples from the contract: curl signed for the mock's test credentials, and
// TypeScript with @pgi/client.
import { type HostName, OPERATIONS, type OperationMeta } from "@pgi/client";
import { DEFAULT_CREDENTIALS } from "@pgi/mock";
import { sign } from "@pgi/signing";
import { type ExampleRequest, exampleRequest } from "./example-request.js";
import { hostFacts } from "./host-facts.js";
import { deref, type Json, type OperationRef } from "./spec-walk.js";

/** One entry of Redoc's `x-codeSamples`. */
export interface CodeSample {
  readonly lang: "Shell" | "TypeScript";
  readonly label: string;
  readonly source: string;
}

const BEARER: Partial<Record<HostName, string>> = {
  partner: DEFAULT_CREDENTIALS.partnerToken,
  accounts: DEFAULT_CREDENTIALS.accountsToken,
  payout: DEFAULT_CREDENTIALS.payoutToken,
  bbps: DEFAULT_CREDENTIALS.bbpsToken,
};
/** Headers the client fills from its credentials, with the mock's test value. */
const CREDENTIAL_HEADERS: Readonly<Record<string, string>> = {
  clientType: DEFAULT_CREDENTIALS.otpClientType,
  pid: DEFAULT_CREDENTIALS.payoutMerchantId,
  mid: DEFAULT_CREDENTIALS.payoutMid,
  payoutMerchantId: DEFAULT_CREDENTIALS.payoutMerchantId,
};
/** Client options per host, read from the configuration names of DESIGN.md. */
const TS_CREDENTIALS: Readonly<Record<HostName, string>> = {
  otp: "{ otpAuthorization: process.env.PGI_OTP_AUTHORIZATION, clientType: process.env.PGI_OTP_CLIENT_TYPE }",
  gateway: "{ merchantKey: process.env.PGI_MERCHANT_KEY, salt: process.env.PGI_SALT }",
  wallet: "{ walletMid: process.env.PGI_WALLET_MID, walletSecret: process.env.PGI_WALLET_SECRET }",
  partner: "{ token: process.env.PGI_PARTNER_TOKEN }",
  accounts: "{ token: process.env.PGI_ACCOUNTS_TOKEN }",
  payout:
    "{\n    token: process.env.PGI_PAYOUT_TOKEN,\n    pid: process.env.PGI_PAYOUT_MERCHANT_ID,\n    mid: process.env.PGI_PAYOUT_MID,\n    payoutMerchantId: process.env.PGI_PAYOUT_MERCHANT_ID,\n  }",
  bbps: "{ token: process.env.PGI_BBPS_TOKEN }",
};
const FACTORY: Readonly<Record<HostName, string>> = {
  otp: "createOtpClient",
  gateway: "createGatewayClient",
  wallet: "createWalletClient",
  partner: "createPartnerClient",
  accounts: "createAccountsClient",
  payout: "createPayoutClient",
  bbps: "createBbpsClient",
};

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
  if (host === "gateway" && "key" in fields) fields.key = DEFAULT_CREDENTIALS.merchantKey;
  if (host === "wallet" && "mid" in fields) fields.mid = DEFAULT_CREDENTIALS.walletMid;
  const variant =
    meta.signatures.find((s) => s.required.every((r) => r === "hash" || r === "checksum" || r in fields)) ??
    meta.signatures[0];
  if (!variant) return fields;
  if (variant.scheme === "wallet-checksum")
    fields.checksum = sign("wallet-checksum", fields as never, DEFAULT_CREDENTIALS.walletSecret).digest;
  else
    fields.hash = sign(variant.scheme as "payment-request", fields as never, DEFAULT_CREDENTIALS.salt).digest;
  return fields;
}

function curlSample(host: HostName, meta: OperationMeta, req: ExampleRequest): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query))
    query.append(k, k in CREDENTIAL_HEADERS ? CREDENTIAL_HEADERS[k]! : String(v));
  const url = `${hostFacts(host).mockUrl}${req.path}${query.size ? `?${query}` : ""}`;
  const lines = [`curl -sS -X ${req.method} ${shellQuote(url)}`];
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = CREDENTIAL_HEADERS[k] ?? String(v);
  if (meta.security === "bearer" && BEARER[host]) headers.Authorization = `Bearer ${BEARER[host]}`;
  if (meta.security === "apiKey") headers.Authorization = DEFAULT_CREDENTIALS.otpAuthorization;
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

/** Configuration names of query parameters that carry a credential value. */
const CREDENTIAL_QUERY: Readonly<Record<string, string>> = { payoutMerchantId: "PGI_PAYOUT_MERCHANT_ID" };

/** The query as TypeScript reads it: credential values from the environment, typed as the schema says. */
function queryForTs(doc: Json, ref: OperationRef, query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = [...((ref.item.parameters as unknown[]) ?? []), ...((ref.op.parameters as unknown[]) ?? [])];
  for (const [k, v] of Object.entries(query)) {
    const env = CREDENTIAL_QUERY[k];
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
    Object.entries(req.headers).filter(([k]) => !(k in CREDENTIAL_HEADERS)),
  );
  if (Object.keys(ownHeaders).length) params.header = ownHeaders;
  const options: string[] = [];
  if (Object.keys(params).length)
    options.push(`  params: ${literal(params, "  ").replace(/"@@(.+?)@@"/g, "$1")},`);
  if (req.body !== undefined) {
    const body = { ...(req.body as Json) };
    for (const k of ["hash", "checksum"]) delete body[k];
    if (host === "gateway") delete body.key;
    if (host === "wallet") delete body.mid;
    options.push(`  body: ${literal(body, "  ")},`);
  }
  if (successIsText(doc, ref.op)) options.push(`  parseAs: "text",`);
  const factory = FACTORY[host];
  const call = `${req.method}(${JSON.stringify(ref.name)}${options.length ? `, {\n${options.join("\n")}\n}` : ""})`;
  return `import { ${factory} } from "@pgi/client";

// baseUrl: ${hostFacts(host).env} when set, else the local mock. The client signs and fills credentials.
const ${host} = ${factory}({
  credentials: ${TS_CREDENTIALS[host]},
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
