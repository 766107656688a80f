// The fetch every client uses: fills headers, serialises form bodies once, signs the bytes it sends, times out,
// retries only idempotent calls, verifies response hashes, keeps large integers exact, and logs redacted.
import { paymentResponse, sign, verify } from "@pgi/signing";
import { ClientMisuseError, ResponseSignatureError, TimeoutError, TransportError } from "./errors.js";
import { type HostName, hosts } from "./generated/hosts.js";
import { OPERATIONS, type OperationMeta } from "./generated/operations.js";
import { parsePreciseJson } from "./precise-json.js";
import { redact, redactBody } from "./redact.js";

/** Credentials of one client instance; each factory uses the ones its host needs. */
export interface Credentials {
  /** Gateway merchant key (sent as `key` when a body omits it) and salt (signs requests, verifies results). */
  merchantKey?: string;
  salt?: string;
  /** Wallet merchant id (sent as `mid` when omitted) and secret (checksums both ways). */
  walletMid?: string;
  walletSecret?: string;
  /** Bearer token (partner, accounts, payout, bbps). */
  token?: string;
  /** OTP service Authorization value and clientType header. */
  otpAuthorization?: string;
  clientType?: string;
  /** Payout identifiers for the pid, mid and payoutMerchantId headers. */
  pid?: string;
  mid?: string;
  payoutMerchantId?: string;
}

/** Opt-in retry policy: only network errors, 5xx and 429, only idempotent operations. */
export interface RetryPolicy {
  retries: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected for tests. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** One log line (already redacted unless redaction was turned off). */
export interface LogEntry {
  type: "request" | "response" | "error" | "retry";
  host: HostName;
  operationId: string;
  method: string;
  url: string;
  status?: number;
  headers?: Record<string, unknown>;
  body?: unknown;
  message?: string;
  attempt?: number;
}

/** Options shared by every factory. */
export interface ClientOptions {
  /** Default: the host's PGI_*_URL variable, else the local mock's port. */
  baseUrl?: string;
  credentials?: Credentials;
  fetch?: typeof globalThis.fetch;
  /** Default 30 s. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Receives every request, response, retry and error, redacted. */
  logger?: (entry: LogEntry) => void;
  /** Redaction of logs; on by default. Turning it off is for local debugging only. */
  redact?: boolean;
}

const HEADER_CREDENTIAL: Record<string, keyof Credentials> = {
  clienttype: "clientType",
  pid: "pid",
  mid: "mid",
  payoutmerchantid: "payoutMerchantId",
};

/** The default base URL of a host: its PGI_*_URL variable, else the mock. */
export function defaultBaseUrl(host: HostName): string {
  const meta = hosts[host];
  return process.env[meta.env] ?? meta.defaultUrl;
}

const ROUTES = OPERATIONS.map((op) => ({
  op,
  regex: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

function findOperation(host: HostName, method: string, path: string): OperationMeta | undefined {
  return ROUTES.find((r) => r.op.host === host && r.op.method === method && r.regex.test(path))?.op;
}

/** Form fields as sent: JSON-in-form objects serialised once, strings untouched, other values stringified. */
export function toFormFields(op: OperationMeta, body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "object") {
      if (!op.jsonInForm.includes(k))
        throw new ClientMisuseError(
          `body.${k}: an object, but ${op.operationId} sends it as a plain form field`,
        );
      out[k] = JSON.stringify(v);
    } else out[k] = String(v);
  }
  return out;
}

function signForm(op: OperationMeta, fields: Record<string, string>, creds: Credentials): void {
  const variant =
    op.signatures.find((s) => s.required.every((r) => r === "hash" || r === "checksum" || r in fields)) ??
    op.signatures[0];
  if (!variant) return;
  if (variant.scheme === "wallet-checksum") {
    if (fields.checksum !== undefined) return;
    if (!creds.walletSecret)
      throw new ClientMisuseError(
        "credentials.walletSecret: needed to compute the wallet checksum (or pass checksum yourself)",
      );
    fields.checksum = sign("wallet-checksum", fields as never, creds.walletSecret).digest;
    return;
  }
  if (fields.hash !== undefined) return;
  if (!creds.salt)
    throw new ClientMisuseError(
      "credentials.salt: needed to compute the request hash (or pass hash yourself)",
    );
  fields.hash = sign(variant.scheme as "payment-request", fields as never, creds.salt).digest;
}

function verifyResponse(
  op: OperationMeta,
  body: unknown,
  sent: Record<string, string> | undefined,
  creds: Credentials,
): void {
  if (!body || typeof body !== "object") return;
  const b = body as Record<string, unknown>;
  if (op.host === "wallet" && typeof b.checksum === "string" && creds.walletSecret) {
    if (!verify("wallet-response-checksum", b as never, b.checksum, creds.walletSecret)) {
      throw new ResponseSignatureError(
        "wallet response checksum does not verify with credentials.walletSecret: do not trust this answer",
        {
          operationId: op.operationId,
        },
      );
    }
  }
  const result = b.result as Record<string, unknown> | undefined;
  if (op.host === "gateway" && result && typeof result.hash === "string" && creds.salt) {
    const fields = paymentResponse.fieldsFor(result, sent);
    let ok = false;
    try {
      ok = verify("payment-response", fields as never, result.hash, creds.salt);
    } catch (error) {
      throw new ResponseSignatureError(
        `result.hash cannot be verified: ${(error as Error).message}`,
        { operationId: op.operationId },
        { cause: error },
      );
    }
    if (!ok) {
      throw new ResponseSignatureError(
        "result.hash does not verify with credentials.salt: the answer may be forged or corrupted; do not act on it",
        {
          operationId: op.operationId,
        },
      );
    }
  }
}

function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

function retryAfterMs(res: Response): number | undefined {
  const h = res.headers.get("retry-after");
  if (!h) return undefined;
  const s = Number(h);
  if (Number.isFinite(s)) return s * 1000;
  const d = Date.parse(h);
  return Number.isFinite(d) ? Math.max(0, d - Date.now()) : undefined;
}

/**
 * Builds the fetch used by one client instance.
 *
 * @example
 * const client = createClient<paths>({ baseUrl, fetch: createTransport("gateway", options) });
 */
export function createTransport(
  host: HostName,
  options: ClientOptions,
): (input: Request) => Promise<Response> {
  const creds = options.credentials ?? {};
  const baseFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const secrets = Object.values(creds).filter((v): v is string => typeof v === "string" && v.length >= 4);
  // Entries are built lazily: without a logger nothing is parsed or redacted.
  const log = (entry: () => LogEntry) => {
    if (!options.logger) return;
    const e = entry();
    options.logger(options.redact === false ? e : (redact(e, secrets) as LogEntry));
  };
  const basePath = new URL(options.baseUrl ?? defaultBaseUrl(host)).pathname.replace(/\/$/, "");

  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || "/";
    const op = findOperation(host, request.method, path);
    if (!op) throw new ClientMisuseError(`${request.method} ${path} is not an operation of the ${host} host`);
    const headers = new Headers(request.headers);
    for (const h of op.headers) {
      const field = HEADER_CREDENTIAL[h.name.toLowerCase()];
      const value = field ? creds[field] : undefined;
      if (!headers.has(h.name) && value) headers.set(h.name, value);
    }
    if (op.security === "bearer" && !headers.has("authorization") && creds.token)
      headers.set("authorization", `Bearer ${creds.token}`);
    if (op.security === "apiKey" && !headers.has("authorization") && creds.otpAuthorization)
      headers.set("authorization", creds.otpAuthorization);
    if (op.security && !op.securityOptional && !headers.has("authorization")) {
      throw new ClientMisuseError(
        `${op.operationId} needs credentials.${op.security === "bearer" ? "token" : "otpAuthorization"}`,
      );
    }

    let body: string | undefined = request.body ? await request.text() : undefined;
    let sentFields: Record<string, string> | undefined;
    if (body !== undefined && op.mediaType === "application/x-www-form-urlencoded") {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      if (op.host === "gateway" && parsed.key === undefined && creds.merchantKey)
        parsed.key = creds.merchantKey;
      if (op.host === "wallet" && parsed.mid === undefined && creds.walletMid) parsed.mid = creds.walletMid;
      sentFields = toFormFields(op, parsed);
      signForm(op, sentFields, creds);
      body = new URLSearchParams(sentFields).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
    }

    const attempts = op.idempotent && options.retry ? options.retry.retries + 1 : 1;
    const sleep = options.retry?.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    const random = options.retry?.random ?? Math.random;
    for (let attempt = 1; ; attempt++) {
      log(() => ({
        type: "request",
        host,
        operationId: op.operationId,
        method: op.method,
        url: url.toString(),
        headers: headerObject(headers),
        body: redactBody(body, headers.get("content-type"), secrets),
        attempt,
      }));
      let res: Response;
      try {
        res = await baseFetch(url, {
          method: request.method,
          headers,
          ...(body !== undefined ? { body } : {}),
          signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]),
        });
      } catch (error) {
        const timedOut = (error as Error).name === "TimeoutError";
        const failure = timedOut
          ? new TimeoutError(
              `${op.operationId}: no answer within ${timeoutMs} ms${op.idempotent ? "" : "; it may have been processed: look it up before repeating"}`,
              { operationId: op.operationId },
            )
          : new TransportError(
              `${op.operationId}: ${(error as Error).message}; check the base URL and the network`,
              { operationId: op.operationId },
              { cause: error },
            );
        log(() => ({
          type: "error",
          host,
          operationId: op.operationId,
          method: op.method,
          url: url.toString(),
          message: failure.message,
          attempt,
        }));
        if (attempt < attempts) {
          await backoff(attempt);
          continue;
        }
        throw failure;
      }
      if ((res.status >= 500 || res.status === 429) && attempt < attempts) {
        log(() => ({
          type: "retry",
          host,
          operationId: op.operationId,
          method: op.method,
          url: url.toString(),
          status: res.status,
          attempt,
        }));
        await backoff(attempt, retryAfterMs(res));
        continue;
      }
      const text = await res.text();
      log(() => ({
        type: "response",
        host,
        operationId: op.operationId,
        method: op.method,
        url: url.toString(),
        status: res.status,
        body: redactBody(text, res.headers.get("content-type"), secrets),
      }));
      let outText = text;
      if ((res.headers.get("content-type") ?? "").includes("json") && text.length > 0) {
        // Only a body with a 16+ digit run can hold an integer beyond 2^53: scan those, JSON.parse the rest.
        const unsafe = /\d{16}/.test(text);
        let parsed: unknown;
        try {
          parsed = unsafe ? parsePreciseJson(text) : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (parsed !== undefined) {
          verifyResponse(op, parsed, sentFields, creds);
          if (unsafe) outText = JSON.stringify(parsed);
        }
      }
      return new Response(res.status === 204 || res.status === 304 ? null : outText, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    }

    async function backoff(attempt: number, retryAfter?: number): Promise<void> {
      const base = options.retry?.baseDelayMs ?? 200;
      const max = options.retry?.maxDelayMs ?? 5_000;
      const exp = Math.min(max, base * 2 ** (attempt - 1));
      await sleep(retryAfter ?? exp / 2 + (random() * exp) / 2);
    }
  };
}
