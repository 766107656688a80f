// Redis de-duplication store for several receiver instances: SET NX PX claims, done markers, safe release.
import type { ClaimResult, DedupStore } from "./store.js";

// ioredis types its commands with many overloads; accept any client whose set/get/eval return promises.
// biome-ignore lint/suspicious/noExplicitAny: structural match for overloaded client methods
type Command = (...args: any[]) => Promise<unknown>;

/** The part of an ioredis (or compatible) client this store uses. */
export interface RedisLike {
  set: Command;
  get: Command;
  eval: Command;
}

const RELEASE = `if redis.call("GET", KEYS[1]) == "processing" then return redis.call("DEL", KEYS[1]) else return 0 end`;

/**
 * Creates a store on a Redis client (ioredis). Claims are atomic (`SET key processing NX PX ttl`), so two
 * instances receiving the same event at the same moment process it once. When Redis is unreachable every method
 * rejects, and the handler answers 503 so the sender retries: a delivery is never acknowledged unprocessed.
 *
 * @example
 * import Redis from "ioredis";
 * const store = createRedisStore(new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 }));
 */
export function createRedisStore(client: RedisLike, options: { prefix?: string } = {}): DedupStore {
  const prefix = options.prefix ?? "pgi:webhook:";
  return {
    async claim(key, ttlMs): Promise<ClaimResult> {
      const ok = await client.set(prefix + key, "processing", "PX", Math.ceil(ttlMs), "NX");
      if (ok === "OK") return "claimed";
      const state = (await client.get(prefix + key)) as string | null;
      // Expired between the two calls: claim again once.
      if (state === null)
        return (await client.set(prefix + key, "processing", "PX", Math.ceil(ttlMs), "NX")) === "OK"
          ? "claimed"
          : "processing";
      return state === "done" ? "done" : "processing";
    },
    async complete(key, ttlMs) {
      await client.set(prefix + key, "done", "PX", Math.ceil(ttlMs));
    },
    async release(key) {
      await client.eval(RELEASE, 1, prefix + key);
    },
  };
}
