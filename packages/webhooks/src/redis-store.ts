// Redis de-duplication store for several receiver instances: SET NX PX claims with owner tokens, done markers.
import { randomUUID } from "node:crypto";
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

/** Options of createRedisStore(). */
export interface RedisStoreOptions {
  /** Prefix of every key. Default "pgi:webhook:". */
  prefix?: string;
  /** Source of claim tokens (tests inject one). Default crypto.randomUUID. */
  token?: () => string;
}

const PROCESSING = "processing:";
// Both scripts act only while the key still holds this owner's claim, so a stale owner cannot undo another's.
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
const RENEW = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Creates a store on a Redis client (ioredis). A claim is `SET key processing:<token> NX PX lease`, atomic, so two
 * instances receiving the same event at the same moment process it once; a processed event becomes
 * `SET key done PX ttl`, kept for the sender's whole retry window. When Redis is unreachable every method rejects
 * and the handler answers 503, so the sender retries: a delivery is never acknowledged unprocessed.
 *
 * @example
 * import { Redis } from "ioredis";
 * const store = createRedisStore(new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 }));
 */
export function createRedisStore(client: RedisLike, options: RedisStoreOptions = {}): DedupStore {
  const prefix = options.prefix ?? "pgi:webhook:";
  const newToken = options.token ?? randomUUID;
  const ms = (n: number) => Math.max(1, Math.ceil(n));
  return {
    async claim(key, leaseMs): Promise<ClaimResult> {
      const token = newToken();
      // Two tries: the key may expire between a refused SET NX and the GET that reads it.
      for (let i = 0; i < 2; i++) {
        if ((await client.set(prefix + key, PROCESSING + token, "PX", ms(leaseMs), "NX")) === "OK") {
          return { state: "claimed", token };
        }
        const state = (await client.get(prefix + key)) as string | null;
        if (state === "done") return { state: "done" };
        if (state !== null) return { state: "processing" };
      }
      return { state: "processing" };
    },
    async renew(key, token, leaseMs) {
      return (await client.eval(RENEW, 1, prefix + key, PROCESSING + token, ms(leaseMs))) === 1;
    },
    async complete(key, _token, ttlMs) {
      await client.set(prefix + key, "done", "PX", ms(ttlMs));
    },
    async release(key, token) {
      await client.eval(RELEASE, 1, prefix + key, PROCESSING + token);
    },
  };
}
