// Forced answers (POST /__mock/force): documented answers queued per operation in the store, one per valid call.
import { documentedResponse, type HostSpec } from "../core/spec-index.js";
import type { ForcedState } from "../state/types.js";
import type { MockResponse } from "../types.js";

/** Forced answers set through POST /__mock/force, consumed one per request. */
export interface ForcedAnswers {
  /** The next forced answer of the operation; undefined at once (no promise) when nothing is forced. */
  take(host: string, operationId: string): Promise<MockResponse | undefined> | undefined;
}

/**
 * The forced answers of one host: the store's queue (keyed `host:operationId`), each entry answered with the
 * operation's documented response of that status and example.
 *
 * @example
 * const forced = forcedAnswers(store.forced, spec);
 * const answer = forced.take("otp", "sendOtp"); // undefined until POST /__mock/force queues one
 */
export function forcedAnswers(queue: ForcedState, spec: HostSpec): ForcedAnswers {
  return {
    take(host, operationId) {
      const next = queue.take(`${host}:${operationId}`);
      if (!next) return undefined;
      return next.then((entry) => {
        const op = spec.operations.find((o) => o.operationId === operationId);
        return entry && op ? documentedResponse(spec, op, entry.status, entry.example) : undefined;
      });
    },
  };
}
