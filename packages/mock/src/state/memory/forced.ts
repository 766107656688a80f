// Forced answers in memory: documented answers queued per operation by POST /__mock/force.
import type { ForcedEntry, ForcedState } from "../types.js";

/**
 * Creates the queue of forced answers.
 *
 * @example
 * const forced = createMemoryForced();
 * await forced.push("bbps:checkComplaintStatus", { status: 200, example: "requestFailed" }, 1);
 */
export function createMemoryForced(): ForcedState & { clear(): void } {
  const queue = new Map<string, ForcedEntry[]>();
  return {
    async push(key, entry, times) {
      const list = queue.get(key) ?? [];
      for (let i = 0; i < times; i++) list.push({ ...entry });
      queue.set(key, list);
    },
    // Synchronous undefined while nothing is forced: the request path pays nothing for the feature.
    take(key) {
      if (queue.size === 0) return undefined;
      const list = queue.get(key);
      const next = list?.shift();
      if (list && list.length === 0) queue.delete(key);
      return Promise.resolve(next);
    },
    clear() {
      queue.clear();
    },
  };
}
