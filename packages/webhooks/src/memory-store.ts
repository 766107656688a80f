// In-memory de-duplication store: claims with a TTL, bounded in size; right for one receiver instance.
import type { ClaimResult, DedupStore } from "./store.js";

/** Options of createMemoryStore(). */
export interface MemoryStoreOptions {
  /** Most keys kept; the oldest are dropped first. Default 100,000. */
  maxEntries?: number;
  /** Clock in ms (tests inject one). */
  now?: () => number;
}

/**
 * Creates an in-memory store. Several receiver instances need a shared store: use `@pgi/webhooks/redis`.
 *
 * @example
 * const store = createMemoryStore({ maxEntries: 10_000 });
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): DedupStore {
  const max = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { state: "processing" | "done"; expiresAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async claim(key, ttlMs): Promise<ClaimResult> {
      const e = live(key);
      if (e) return e.state;
      entries.set(key, { state: "processing", expiresAt: now() + ttlMs });
      while (entries.size > max) entries.delete(entries.keys().next().value as string);
      return "claimed";
    },
    async complete(key, ttlMs) {
      entries.delete(key);
      entries.set(key, { state: "done", expiresAt: now() + ttlMs });
      while (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    async release(key) {
      if (live(key)?.state === "processing") entries.delete(key);
    },
    size: () => entries.size,
  };
}
