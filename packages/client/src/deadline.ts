// Per-attempt deadlines and retry timing: a timeout combined with the caller's signal, Retry-After, and the typed
// error for an answer whose body could not be read.
import { TimeoutError, TransportError } from "./errors.js";
import type { OperationMeta } from "./generated/operations.js";
import { redactText, safeCause } from "./redact.js";

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), if any. */
export function retryAfterMs(res: Response): number | undefined {
  const h = res.headers.get("retry-after");
  if (!h) return undefined;
  const s = Number(h);
  if (Number.isFinite(s)) return s * 1000;
  const d = Date.parse(h);
  return Number.isFinite(d) ? Math.max(0, d - Date.now()) : undefined;
}

/** One attempt's abort signal: the caller's signal, if any, and a timer that is cleared when the attempt ends. */
export function withTimeout(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
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
