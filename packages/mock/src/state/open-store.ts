// Opens the store a mock runs on: memory (the default), or Redis for a shared sandbox, loaded only when asked for.
import type { StateLimits } from "../core/bounded-store.js";
import { createScheduler } from "../core/scheduler.js";
import type { MockClock, RedisOptions, Scheduler } from "../types.js";
import { createMemoryStore } from "./memory/store.js";
import type { MockStore } from "./types.js";

/** Options of openStore(). */
export interface OpenStoreOptions {
  limits: StateLimits;
  /** The clock (memory), or the source of real time the shared clock adds its offset to (Redis). */
  clock: MockClock;
  timeFactor: number;
  redis?: RedisOptions | undefined;
  /** Structured log (already masked by the caller). */
  log: (event: string, data?: Record<string, unknown>) => void;
}

/** An open store, the clock the mock runs on, and its scheduler (RunningMock.scheduler). */
export interface OpenStore {
  store: MockStore;
  clock: MockClock;
  scheduler: Scheduler;
}

/**
 * Opens the memory store, or (with `redis`) connects to Redis, loading ioredis only then.
 *
 * @example
 * const { store, clock } = await openStore({ limits, clock: createClock(), timeFactor: 1, log });
 */
export async function openStore(options: OpenStoreOptions): Promise<OpenStore> {
  const onError = (error: unknown) => options.log("scheduled-task-failed", { error: String(error) });
  if (!options.redis) {
    const store = createMemoryStore({ ...options, onError });
    return { store, clock: options.clock, scheduler: store.scheduler };
  }
  const { openRedisStore } = await import("./redis/store.js");
  const { store, clock } = await openRedisStore({ ...options, redis: options.redis, onError });
  // Local-only work (none of the mock's own: its jobs live in Redis) and a wait for this process's jobs.
  const local = createScheduler(clock, { timeFactor: options.timeFactor, onError });
  const scheduler: Scheduler = {
    after: (delayMs, task) => local.after(delayMs, task),
    clear: () => local.clear(),
    async idle() {
      await local.idle();
      await store.jobs.idle();
    },
  };
  return { store, clock, scheduler };
}
