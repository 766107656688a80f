// In-memory de-duplication store: leased claims and done markers with a TTL, bounded in size; one instance only.
import type { ClaimResult, DedupStore } from "./store.js";

/** Options of createMemoryStore(). */
export interface MemoryStoreOptions {
  /** Most keys kept; the oldest are dropped first. Default 100,000. */
  maxEntries?: number;
  /** Clock in ms (tests inject one). Default Date.now. */
  now?: () => number;
}

type Entry = { state: "processing"; token: string; expiresAt: number } | { state: "done"; expiresAt: number };

/** The in-memory store; `size()` tells how many keys it holds. */
export interface MemoryStore extends DedupStore {
  size(): number;
}

/**
 * Creates an in-memory store. Several receiver instances need a shared store: use `@pgi/webhooks/redis`.
 *
 * @example
 * const store = createMemoryStore({ maxEntries: 10_000 });
 * createNodeHandler({ secret, onEvent, store });
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const max = options.maxEntries ?? 100_000;
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError(`maxEntries: must be a positive integer, got ${String(options.maxEntries)}`);
  }
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let tokens = 0;
  const live = (key: string): Entry | undefined => {
    const e = entries.get(key);
    if (e && e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const put = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value as string);
  };
  const held = (key: string, token: string) => {
    const e = live(key);
    return e?.state === "processing" && e.token === token;
  };
  return {
    async claim(key, leaseMs): Promise<ClaimResult> {
      const e = live(key);
      if (e) return { state: e.state };
      const token = `m${++tokens}`;
      put(key, { state: "processing", token, expiresAt: now() + leaseMs });
      return { state: "claimed", token };
    },
    async renew(key, token, leaseMs) {
      if (!held(key, token)) return false;
      put(key, { state: "processing", token, expiresAt: now() + leaseMs });
      return true;
    },
    async complete(key, _token, ttlMs) {
      put(key, { state: "done", expiresAt: now() + ttlMs });
    },
    async release(key, token) {
      if (held(key, token)) entries.delete(key);
    },
    size: () => entries.size,
  };
}
