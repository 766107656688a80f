// The proxy's limits, with their defaults: what it keeps, how long a client may take, how much waits upstream.
import { UsageError } from "../errors.js";

/** Limits of one proxy (every one has a default). */
export interface ProxyLimits {
  /** Bytes of each body kept for checking (answers: after decoding); longer bodies are forwarded unchecked. */
  captureLimit: number;
  /** Largest request body accepted with --enforce (413 above it). */
  bodyLimit: number;
  /** Headers and body of a request must arrive within this many ms of its first byte (else 408, closed). */
  requestTimeoutMs: number;
  /**
   * Longest pause within a body, ms: a request body that stops arriving gets 408 (closed); a client that stops
   * reading its answer is disconnected.
   */
  bodyIdleTimeoutMs: number;
  /** Connections per upstream origin (requests being forwarded at once). */
  upstreamConnections: number;
  /** Requests that may wait for a connection per upstream origin; one more is answered 503 at once. */
  queueLimit: number;
  /** How long a request waits for a connection, ms (then 503). */
  queueTimeoutMs: number;
  /** How long an upstream may stay silent, ms (then 504). */
  upstreamTimeoutMs: number;
}

const MIB = 1024 * 1024;

/** The defaults of {@link ProxyLimits}. */
export const DEFAULT_LIMITS: Readonly<ProxyLimits> = {
  captureLimit: MIB,
  bodyLimit: MIB,
  requestTimeoutMs: 30_000,
  bodyIdleTimeoutMs: 10_000,
  upstreamConnections: 64,
  queueLimit: 1024,
  queueTimeoutMs: 10_000,
  upstreamTimeoutMs: 60_000,
};

/**
 * The limits with defaults filled in; a value that is not a positive number is a {@link UsageError}.
 *
 * @example
 * limitsOf({ requestTimeoutMs: 5000 }).bodyIdleTimeoutMs; // 10000
 */
export function limitsOf(given: Partial<ProxyLimits>): ProxyLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ProxyLimits)[]) {
    const v = given[key];
    if (v === undefined) continue;
    if (!(typeof v === "number" && v > 0 && Number.isFinite(v)))
      throw new UsageError(`proxy option ${key} must be a positive number, not ${String(v)}`);
    out[key] = v;
  }
  return out;
}
