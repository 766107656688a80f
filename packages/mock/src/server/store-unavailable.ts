// The answer of every operation and control call while the shared sandbox's Redis cannot be reached: the
// documented 503 refusal (RefusalStoreUnavailable), with a hint naming the store and Retry-After.
import type { StoreUnavailableError } from "../errors.js";
import type { MockResponse } from "../types.js";
import { problem } from "./violations.js";

/** Seconds a client should wait before trying again (the mock reconnects by itself). */
export const STORE_RETRY_AFTER_SECONDS = 1;

/**
 * The 503 answer for a request the store could not serve. The call may or may not have changed state (a write
 * can reach Redis after the wait for it ended): repeat it once the store is back.
 *
 * @example
 * send(res, storeUnavailable(error));
 */
export function storeUnavailable(error: StoreUnavailableError): MockResponse {
  const hint = `${error.message}; the mock reconnects by itself: retry after ${STORE_RETRY_AFTER_SECONDS} s`;
  const answer = problem(
    503,
    "Shared sandbox unavailable",
    `${error.message}. Nothing was answered from a guess: retry once the store is back (the call may or may not have taken effect).`,
  );
  return {
    ...answer,
    headers: { "retry-after": String(STORE_RETRY_AFTER_SECONDS), "x-pgi-mock-hint": hint },
  };
}
