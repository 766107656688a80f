// The two stores side by side for the contract tests: each case runs on the memory store and on a Redis store
// (a fresh namespace of a throwaway redis-server), and must come out the same.
import { afterAll, afterEach, beforeAll } from "vitest";
import { DEFAULT_STATE_LIMITS, type StateLimits } from "../../src/core/bounded-store.js";
import { createClock } from "../../src/core/clock.js";
import { type OpenStore, openStore as openAny } from "../../src/state/open-store.js";
import type { MockStore } from "../../src/state/types.js";
import { TestRedis } from "../shared-sandbox/redis-server.js";

/** 2026-11-23 06:00:00 UTC. */
export const T0 = Date.UTC(2026, 10, 23, 6, 0, 0);

export type StoreKind = "memory" | "redis";
export const KINDS: StoreKind[] = ["memory", "redis"];

let redis: TestRedis | undefined;
let namespaces = 0;
const open: MockStore[] = [];

/** Starts one redis-server for the file and closes every store after each case. */
export function useStores(): void {
  beforeAll(async () => {
    redis = await TestRedis.start();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await redis?.destroy();
  });
}

/** The URL of the file's redis-server. */
export const redisUrl = () => {
  if (!redis) throw new Error("call useStores() in the test file");
  return redis.url;
};

/**
 * A fresh store of `kind` and its clock, on a manual clock at T0 (timeFactor 0: only an advance runs jobs).
 *
 * @example
 * const { store, clock } = await openClocked("redis", { maxRecords: 3 });
 */
export async function openClocked(kind: StoreKind, limits: Partial<StateLimits> = {}): Promise<OpenStore> {
  const opened = await openAny({
    limits: { ...DEFAULT_STATE_LIMITS, ...limits },
    clock: createClock({ realNow: () => T0 }),
    timeFactor: 0,
    redis:
      kind === "redis"
        ? { url: redisUrl(), namespace: `contract-${process.pid}-${++namespaces}` }
        : undefined,
    log: () => undefined,
  });
  open.push(opened.store);
  return opened;
}

/** A fresh store of `kind` (see openClocked). */
export async function openStore(kind: StoreKind, limits: Partial<StateLimits> = {}): Promise<MockStore> {
  return (await openClocked(kind, limits)).store;
}

/**
 * `count` Redis stores on one new namespace, as `count` instances of one sandbox would open it.
 *
 * @example
 * const [a, b, c] = await openInstances(3, { timeFactor: 0.001 });
 */
export async function openInstances(
  count: number,
  options: { timeFactor?: number; limits?: Partial<StateLimits> } = {},
): Promise<OpenStore[] & { namespace: string }> {
  const namespace = `shared-${process.pid}-${++namespaces}`;
  const out: OpenStore[] = [];
  for (let i = 0; i < count; i++) {
    const opened = await openAny({
      limits: { ...DEFAULT_STATE_LIMITS, ...options.limits },
      clock: createClock({ realNow: () => T0 }),
      timeFactor: options.timeFactor ?? 0,
      redis: { url: redisUrl(), namespace },
      log: () => undefined,
    });
    open.push(opened.store);
    out.push(opened);
  }
  return Object.assign(out, { namespace });
}
