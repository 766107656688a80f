// The options of a client instance: credentials, retry policy, logging hook and the shape of a log entry.
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
