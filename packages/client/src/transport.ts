// The fetch every client uses: fills headers, serialises form bodies once, signs the bytes it sends, times out,
// retries only idempotent calls, verifies response hashes, keeps large integers exact, and logs redacted.
import { serveText } from "./body-text.js";
import { planRetry, readFailure, retryAfter, withTimeout } from "./deadline.js";
import { ClientMisuseError, TimeoutError, TransportError } from "./errors.js";
import { credentialValues, signForm, toFormFields, verifyResponse } from "./form-signing.js";
import { OPERATIONS, type OperationMeta } from "./generated/operations.js";
import { BODY_CREDENTIAL, HEADER_CREDENTIAL, type HostName, hosts } from "./host-index.js";
import { lightBody, type RequestLike } from "./light-request.js";
import { type ClientOptions, type Credentials, checkOptions, type LogEntry } from "./options.js";
import { hasLongNumber, parsePreciseJson } from "./precise-json.js";
import { redact, redactBody, redactText, safeCause } from "./redact.js";

export type { ClientOptions, Credentials, LogEntry, RetryPolicy } from "./options.js";

/** The default base URL of a host: its PGI_*_URL variable, else the mock. */
export function defaultBaseUrl(host: HostName): string {
  const meta = hosts[host];
  return process.env[meta.env] ?? meta.defaultUrl;
}

const ROUTES = OPERATIONS.map((op) => ({
  op,
  regex: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

const found = new Map<string, OperationMeta | undefined>();
const MAX_FOUND = 1024;

/** The operation of a host, method and path; memoised (paths with identifiers are bounded by MAX_FOUND). */
function findOperation(host: HostName, method: string, path: string): OperationMeta | undefined {
  const key = `${host} ${method} ${path}`;
  if (found.has(key)) return found.get(key);
  const op = ROUTES.find((r) => r.op.host === host && r.op.method === method && r.regex.test(path))?.op;
  if (found.size >= MAX_FOUND) found.clear();
  found.set(key, op);
  return op;
}

function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    out[k] = v;
  });
  return out;
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
): (input: RequestLike) => Promise<Response> {
  checkOptions(options);
  const creds = options.credentials ?? {};
  const baseFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.retry?.now ?? Date.now;
  const secrets = credentialValues(creds);
  // Entries are built lazily: without a logger nothing is parsed or redacted.
  const log = (entry: () => LogEntry) => {
    if (!options.logger) return;
    const e = entry();
    options.logger(options.redact === false ? e : (redact(e, secrets) as LogEntry));
  };
  const basePath = new URL(options.baseUrl ?? defaultBaseUrl(host)).pathname.replace(/\/$/, "");

  return async (request: RequestLike): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || "/";
    const op = findOperation(host, request.method, path);
    if (!op) throw new ClientMisuseError(`${request.method} ${path} is not an operation of the ${host} host`);
    const light = lightBody(request);
    // A light request's headers are ours to fill; a real Request's are copied.
    const headers = light ? request.headers : new Headers(request.headers);
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

    let body: string | undefined = light
      ? light.body
      : (request as Request).body
        ? await (request as Request).text()
        : undefined;
    let sentFields: Record<string, string> | undefined;
    const form = op.mediaType === "application/x-www-form-urlencoded";
    if (light?.value !== undefined && !form) body = JSON.stringify(light.value);
    if ((body !== undefined || light?.value !== undefined) && form) {
      const parsed = (light?.value ? { ...light.value } : JSON.parse(body as string)) as Record<
        string,
        unknown
      >;
      for (const [field, option] of BODY_CREDENTIAL[host] ?? [])
        if (parsed[field] === undefined && creds[option]) parsed[field] = creds[option];
      sentFields = toFormFields(op, parsed);
      signForm(op, sentFields, creds);
      body = new URLSearchParams(sentFields).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
    }

    const attempts = op.idempotent && options.retry ? options.retry.retries + 1 : 1;
    const sleep = options.retry?.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    const random = options.retry?.random ?? Math.random;
    // timeoutMs is the whole call's budget: every attempt and every wait between attempts come out of it.
    const deadlineAt = now() + timeoutMs;
    const entry = (e: Omit<LogEntry, "host" | "operationId" | "method" | "url">): LogEntry => ({
      host,
      operationId: op.operationId,
      method: op.method,
      url: url.toString(),
      ...e,
    });
    /** The plan for the attempt after `attempt`, or why there is none. */
    const next = (attempt: number, res?: Response) => {
      if (attempt >= attempts) return undefined;
      const base = options.retry?.baseDelayMs ?? 200;
      const exp = Math.min(options.retry?.maxDelayMs ?? 5_000, base * 2 ** (attempt - 1));
      return planRetry({
        backoffMs: exp / 2 + (random() * exp) / 2,
        retryAfter: res ? retryAfter(res, now()) : undefined,
        maxDelayMs: options.retry?.maxDelayMs ?? 5_000,
        now: now(),
        deadline: deadlineAt,
        timeoutMs,
      });
    };
    for (let attempt = 1; ; attempt++) {
      log(() =>
        entry({
          type: "request",
          headers: headerObject(headers),
          body: redactBody(body, headers.get("content-type"), secrets),
          attempt,
        }),
      );
      let res: Response;
      const deadline = withTimeout(request.signal ?? undefined, deadlineAt - now());
      try {
        res = await baseFetch(url, {
          method: request.method,
          headers,
          ...(body !== undefined ? { body } : {}),
          signal: deadline.signal,
        });
      } catch (error) {
        deadline.clear();
        const plan = next(attempt);
        const notRetried = plan && !plan.retry ? `; not retried: ${plan.reason}` : "";
        const timedOut = (error as Error).name === "TimeoutError";
        const failure = timedOut
          ? new TimeoutError(
              `${op.operationId}: no answer within the call's budget of ${timeoutMs} ms (timeoutMs)${op.idempotent ? "" : "; it may have been processed: look it up before repeating"}`,
              { operationId: op.operationId },
            )
          : new TransportError(
              `${op.operationId}: ${redactText((error as Error).message, secrets)}; check the base URL and the network${notRetried}`,
              { operationId: op.operationId },
              { cause: safeCause(error, secrets) },
            );
        log(() => entry({ type: "error", message: failure.message, attempt }));
        if (plan?.retry && !timedOut && !request.signal?.aborted) {
          await sleep(plan.delayMs);
          continue;
        }
        throw failure;
      }
      if (res.status >= 500 || res.status === 429) {
        const plan = next(attempt, res);
        if (plan?.retry) {
          deadline.clear();
          log(() => entry({ type: "retry", status: res.status, attempt }));
          await res.body?.cancel().catch(() => {});
          await sleep(plan.delayMs);
          continue;
        }
        if (plan) {
          const message = `${op.operationId}: answered ${res.status}, not retried: ${plan.reason}`;
          log(() => entry({ type: "error", status: res.status, message, attempt }));
        }
      }
      let text: string;
      try {
        text = await res.text();
      } catch (error) {
        throw readFailure(op, timeoutMs, error, secrets);
      } finally {
        deadline.clear();
      }
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
      let parsedAnswer: { value: unknown } | undefined;
      if ((res.headers.get("content-type") ?? "").includes("json") && text.length > 0) {
        // Only a number literal of 16+ digits can be an integer beyond 2^53: parsed exactly, the rest with JSON.parse.
        const unsafe = hasLongNumber(text);
        let parsed: unknown;
        try {
          parsed = unsafe ? parsePreciseJson(text) : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (parsed !== undefined) {
          verifyResponse(op, parsed, sentFields, creds);
          if (unsafe) outText = JSON.stringify(parsed);
          parsedAnswer = { value: parsed };
        }
      }
      return serveText(res, outText, parsedAnswer);
    }
  };
}
