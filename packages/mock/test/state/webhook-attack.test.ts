// Issue 23, as an attack: 50,000 merchant status changes to a receiver that fails every attempt, retries pending in
// real time. Pending deliveries stay at stateLimits.maxPendingDeliveries, every call beyond is refused with 429 (no
// status changed, nothing dropped), and the mock process's RSS stays bounded. The mock runs alone in a child process,
// on the memory store, then (5,000 changes, five times the bound) on Redis, whose memory is bounded too.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STATE_LIMITS } from "../../src/core/bounded-store.js";
import type { HostName } from "../../src/types.js";
import { type Receiver, startReceiver } from "../shared-sandbox/receiver.js";
import { TestRedis } from "../shared-sandbox/redis-server.js";

const CHILD = fileURLToPath(new URL("./mock-process.mjs", import.meta.url));
const CONCURRENCY = 16;
let child: ChildProcess;
let urls: Record<HostName, string>;
let rx: Receiver;
let redis: TestRedis | undefined;

function next<T>(type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type?: string }) => {
      if (m?.type !== type) return;
      child.off("exit", onExit);
      child.off("message", onMessage);
      resolve(m as T);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the mock process exited (${code}) before "${type}"`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

const rssMb = async () => {
  const reply = next<{ rss: number }>("rss");
  child.send({ type: "rss" });
  return (await reply).rss / 1024 / 1024;
};

async function startChild(store: "memory" | "redis"): Promise<void> {
  if (store === "redis") redis = await TestRedis.start();
  child = fork(CHILD, [], {
    execArgv: ["--expose-gc"],
    // Real time: the retries of an accepted delivery wait 3, 9, 27, ... s, far longer than the attack.
    env: {
      PATH: process.env.PATH ?? "",
      PGI_MOCK_TIME_FACTOR: "1",
      ...(redis ? { PGI_MOCK_REDIS_URL: redis.url, PGI_MOCK_NAMESPACE: "attack" } : {}),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  ({ urls } = await next<{ urls: Record<HostName, string> }>("ready"));
}

/** Redis's used memory in MB (INFO memory). */
async function redisMb(url: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    const info = await client.info("memory");
    return Number(/used_memory:(\d+)/.exec(info)?.[1]) / 1024 / 1024;
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  // Every attempt fails: the receiver answers 500, so each delivery stays pending for its whole retry schedule.
  rx = await startReceiver(() => Array.from({ length: 10 }, () => 500));
}, 60_000);
afterEach(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await redis?.destroy();
  redis = undefined;
});
afterAll(async () => {
  await rx?.close();
});

describe.each([
  ["memory", 50_000],
  ["redis", 5_000],
] as const)("failing webhook deliveries on the %s store (issue 23)", (store, CHANGES) => {
  it(`${CHANGES} status changes: pending deliveries and memory stay bounded; the calls beyond get a clear 429`, async () => {
    await startChild(store);
    const received = rx.got.length;
    const reg = await fetch(`${urls.partner}/api/v1/partners/register_webhook`, {
      method: "POST",
      headers: {
        authorization: "Bearer pgi-test-partner-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        webhook_url: rx.url,
        reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
      }),
    });
    expect(reg.status).toBe(200);
    const before = await rssMb();
    const redisBefore = redis ? await redisMb(redis.url) : 0;
    const counts = new Map<number, number>();
    const details = new Set<string>();
    let sent = 0;
    let maxPending = 0;
    let maxRss = before;
    const started = Date.now();
    const pendingNow = async () => {
      const state = (await (await fetch(`${urls.partner}/__mock/state`)).json()) as {
        partner: { counts: { pendingDeliveries: number } };
      };
      return state.partner.counts.pendingDeliveries;
    };
    const worker = async () => {
      while (sent < CHANGES) {
        const i = sent++;
        const res = await fetch(`${urls.partner}/__mock/merchants/attack-${i}/status`, {
          method: "POST",
          body: JSON.stringify({ event_name: "Bank verification status update", current_status: "Approved" }),
        });
        const body = (await res.json()) as { detail?: string };
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        if (res.status === 429 && body.detail) details.add(body.detail);
        if (i % 5_000 === 4_999) {
          maxPending = Math.max(maxPending, await pendingNow());
          maxRss = Math.max(maxRss, await rssMb());
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    maxPending = Math.max(maxPending, await pendingNow());
    const after = await rssMb();
    maxRss = Math.max(maxRss, after);
    const seconds = (Date.now() - started) / 1000;
    const attempts = rx.got.length - received;
    const redisAfter = redis ? await redisMb(redis.url) : 0;
    console.log(
      `webhook attack (${store}): ${CHANGES} status changes in ${seconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(counts))}; ` +
        `pending at most ${maxPending}; ${attempts} attempts received; RSS ${before.toFixed(0)} -> ` +
        `${after.toFixed(0)} MB (peak ${maxRss.toFixed(0)} MB)` +
        (redis ? `; Redis used memory ${redisBefore.toFixed(1)} -> ${redisAfter.toFixed(1)} MB` : ""),
    );
    const max = DEFAULT_STATE_LIMITS.maxPendingDeliveries;
    expect(maxPending).toBeLessThanOrEqual(max);
    expect((counts.get(202) ?? 0) + (counts.get(429) ?? 0)).toBe(CHANGES);
    expect(counts.get(202)).toBeLessThanOrEqual(max + attempts);
    expect(counts.get(429)).toBeGreaterThan(CHANGES - 2 * max);
    expect([...details]).toEqual([
      `${max} webhook deliveries are pending (stateLimits.maxPendingDeliveries); no status was changed and no webhook started. Wait until some are delivered or failed (GET /__mock/deliveries), or POST /__mock/reset`,
    ]);
    // 1,000 pending deliveries with their jobs: tens of MB at most (issue 23 measured 1 GB for 50,000).
    expect(maxRss - before).toBeLessThan(100);
    // In Redis, 1,000 deliveries and their jobs: a few MB.
    if (redis) expect(redisAfter - redisBefore).toBeLessThan(50);
  }, 240_000);
});
