// The options of a client instance: credentials, retry policy, logging hook, the shape of a log entry, and their check.
import { ClientMisuseError } from "./errors.js";
import type { HostName } from "./generated/hosts.js";

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

/**
 * Opt-in retry policy: only network errors, 5xx and 429, only idempotent operations. A Retry-After header (seconds
 * or an HTTP date) replaces the backoff when it asks for at most `maxDelayMs`; no attempt starts after the call's
 * budget (`timeoutMs`) has run out. A retry not made is logged with what the server asked for.
 */
export interface RetryPolicy {
  /** Further attempts after the first (an integer from 0). */
  retries: number;
  /** Default 200: the first backoff is 100-200 ms (jittered), doubling per attempt. */
  baseDelayMs?: number;
  /** Default 5000: the longest wait between attempts, backoff or Retry-After. */
  maxDelayMs?: number;
  /** Injected for tests. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Injected for tests: the clock of the call's budget and of Retry-After dates. */
  now?: () => number;
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
  /** The whole call's budget, retries and waits included. Default 30 s. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Receives every request, response, retry and error, redacted. */
  logger?: (entry: LogEntry) => void;
  /** Redaction of logs; on by default. Turning it off is for local debugging only. */
  redact?: boolean;
}

const isNumberFrom = (v: unknown, min: number) => typeof v === "number" && Number.isFinite(v) && v >= min;

/**
 * Refuses options the transport cannot honour, naming the option and the rule.
 *
 * @example
 * checkOptions({ timeoutMs: -1 }); // throws ClientMisuseError("timeoutMs: a finite number of milliseconds above 0, got -1")
 */
export function checkOptions(options: ClientOptions): void {
  const bad = (field: string, rule: string, value: unknown) => {
    throw new ClientMisuseError(`${field}: ${rule}, got ${String(value)}`);
  };
  const { timeoutMs, retry } = options;
  if (timeoutMs !== undefined && !(isNumberFrom(timeoutMs, 0) && timeoutMs > 0))
    bad("timeoutMs", "a finite number of milliseconds above 0", timeoutMs);
  if (!retry) return;
  if (!Number.isInteger(retry.retries) || retry.retries < 0)
    bad("retry.retries", "an integer from 0", retry.retries);
  for (const field of ["baseDelayMs", "maxDelayMs"] as const) {
    const v = retry[field];
    if (v !== undefined && !isNumberFrom(v, 0))
      bad(`retry.${field}`, "a finite number of milliseconds from 0", v);
  }
}
