// Forced answers (POST /__mock/force): documented answers queued per operation, consumed one per valid call.
import type { MockResponse } from "../types.js";

/** Forced answers set through POST /__mock/force, consumed one per request. */
export interface ForcedAnswers {
  take(host: string, operationId: string): MockResponse | undefined;
  putBack(host: string, operationId: string, answer: MockResponse): void;
}

/**
 * The take/put-back view of the queue the control API fills (keyed `host:operationId`).
 *
 * @example
 * const queue = new Map<string, MockResponse[]>();
 * const forced = forcedAnswers(queue);
 * forced.take("otp", "sendOtp"); // undefined until POST /__mock/force queues one
 */
export function forcedAnswers(queue: Map<string, MockResponse[]>): ForcedAnswers {
  return {
    take(host, operationId) {
      if (queue.size === 0) return undefined;
      const key = `${host}:${operationId}`;
      const list = queue.get(key);
      const next = list?.shift();
      if (list && list.length === 0) queue.delete(key);
      return next;
    },
    putBack(host, operationId, answer) {
      const key = `${host}:${operationId}`;
      queue.set(key, [answer, ...(queue.get(key) ?? [])]);
    },
  };
}
