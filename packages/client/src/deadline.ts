// The call's time budget: per-attempt deadlines out of one budget for the whole call (retries and waits included),
// the retry plan (Retry-After capped by maxDelayMs and the budget), and the error for a body that could not be read.
import { TimeoutError, TransportError } from "./errors.js";
import type { OperationMeta } from "./generated/operations.js";
import { redactText, safeCause } from "./redact.js";

/** The longest delay setTimeout takes as given (longer ones fire at once). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a Retry-After header asked for. */
export interface RetryAfter {
  /** Milliseconds from now, never negative. */
  ms: number;
  /** The header as the server sent it. */
  header: string;
}

/**
 * Reads Retry-After: delta-seconds (a non-negative integer) or an HTTP date; anything else counts as absent.
 *
 * @example
 * retryAfter(new Response(null, { headers: { "retry-after": "2" } }), Date.now()); // { ms: 2000, header: "2" }
 */
export function retryAfter(res: Response, now: number): RetryAfter | undefined {
  const header = res.headers.get("retry-after")?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return { ms: Number(header) * 1000, header };
  if (/^[-+]?[\d.]+$/.test(header)) return undefined; // negative or fractional seconds: not a valid Retry-After
  const date = Date.parse(header);
  return Number.isFinite(date) ? { ms: Math.max(0, date - now), header } : undefined;
}

/** Whether to retry, and after how long; or why not, in words for the log and the error. */
export type RetryPlan = { retry: true; delayMs: number } | { retry: false; reason: string };

/**
 * Plans the next attempt: Retry-After when the server sent one (else the backoff), never beyond `maxDelayMs`, and
 * never an attempt that would start after the call's budget (`timeoutMs` from the first attempt) has run out.
 *
 * @example
 * planRetry({ backoffMs: 200, retryAfter: { ms: 3_600_000, header: "3600" }, maxDelayMs: 5000, now: 0, deadline: 30_000, timeoutMs: 30_000 });
 * // { retry: false, reason: "the server asked to wait 3600 s (Retry-After: 3600), more than retry.maxDelayMs (5000 ms)" }
 */
export function planRetry(o: {
  backoffMs: number;
  retryAfter?: RetryAfter | undefined;
  maxDelayMs: number;
  now: number;
  deadline: number;
  timeoutMs: number;
}): RetryPlan {
  const asked = o.retryAfter
    ? `the server asked to wait ${seconds(o.retryAfter.ms)} (Retry-After: ${o.retryAfter.header})`
    : undefined;
  if (o.retryAfter && o.retryAfter.ms > o.maxDelayMs)
    return { retry: false, reason: `${asked}, more than retry.maxDelayMs (${o.maxDelayMs} ms)` };
  const delayMs = Math.max(0, Math.min(o.retryAfter?.ms ?? o.backoffMs, o.maxDelayMs, MAX_TIMER_MS));
  const left = o.deadline - o.now;
  if (delayMs >= left)
    return {
      retry: false,
      reason: `${asked ?? `the next attempt would start in ${delayMs} ms`}, past the call's budget (timeoutMs ${o.timeoutMs} ms, ${Math.max(0, Math.round(left))} ms left)`,
    };
  return { retry: true, delayMs };
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

/** One attempt's abort signal: the caller's signal, if any, and a timer that is cleared when the attempt ends. */
export function withTimeout(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    Math.max(0, Math.min(timeoutMs, MAX_TIMER_MS)),
  );
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
    },
  };
}

/** The typed error for a body that could not be read (timed out or cut off mid-answer). */
export function readFailure(
  op: OperationMeta,
  timeoutMs: number,
  error: unknown,
  secrets: readonly string[],
): Error {
  if ((error as Error).name === "TimeoutError")
    return new TimeoutError(
      `${op.operationId}: the answer did not finish within ${timeoutMs} ms${op.idempotent ? "" : "; it may have been processed: look it up before repeating"}`,
      { operationId: op.operationId },
    );
  return new TransportError(
    `${op.operationId}: the answer was cut off (${redactText((error as Error).message, secrets)}); ${op.idempotent ? "retry" : "look the transaction up before repeating it"}`,
    { operationId: op.operationId },
    { cause: safeCause(error, secrets) },
  );
}
