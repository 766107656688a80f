import { webhookSignature } from "@pgi/signing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookHandler } from "../../src/handler.js";
import { createRedisStore } from "../../src/redis-store.js";
import { TestRedis } from "./redis-server.js";

const SECRET = "test-webhook-secret";
let redis: TestRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  redis = await TestRedis.start();
}, 300_000);
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redis?.down();
});

/** A receiver instance with its own Redis connection (as separate processes would have). */
function instance(onEvent: () => unknown) {
  const client = new Redis(redis.url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    lazyConnect: false,
    retryStrategy: () => 50,
  });
  client.on("error", () => {});
  clients.push(client);
  return createWebhookHandler({
    secret: SECRET,
    onEvent,
    store: createRedisStore(client, { prefix: `t${clients.length}:` }),
  });
}

let n = 0;
function delivery() {
  n++;
  return webhookSignature.sign(
    {
      previous_status: "Pending",
      current_status: "Approved",
      change_timestamp: 1754978400 + n,
      mid: 8000051,
      merchant_uuid: "11eb-de10",
      event_name: "Website status update",
      error: "NA",
      remarks: "NA",
    },
    SECRET,
  );
}

describe("Redis store shared by two instances", () => {
  it("an event reaching both instances at the same moment is processed exactly once", async () => {
    let calls = 0;
    const onEvent = () => {
      calls++;
    };
    const clientA = new Redis(redis.url);
    const clientB = new Redis(redis.url);
    clients.push(clientA, clientB);
    const a = createWebhookHandler({ secret: SECRET, onEvent, store: createRedisStore(clientA) });
    const b = createWebhookHandler({ secret: SECRET, onEvent, store: createRedisStore(clientB) });
    for (let i = 0; i < 20; i++) {
      const { body, digest } = delivery();
      const answers = await Promise.all([a.handle(body, digest), b.handle(body, digest)]);
      const statuses = answers.map((x) => x.status).sort();
      // One instance processes (200); the other is told it is in progress (409) or, if it came second, a duplicate (200).
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      const retry = await b.handle(body, digest);
      expect(retry).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    }
    expect(calls).toBe(20);
  });

  it("a Redis outage fails deliveries loudly (503) and they succeed once it is back", async () => {
    let calls = 0;
    const handler = instance(() => {
      calls++;
    });
    const { body, digest } = delivery();
    await redis.down();
    const refused = await handler.handle(body, digest);
    expect([refused.status, refused.body.error]).toEqual([503, "store_unavailable"]);
    expect(calls).toBe(0);
    await redis.up();
    let answer = refused;
    for (let i = 0; i < 100 && answer.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await handler.handle(body, digest);
    }
    expect(answer.status).toBe(200);
    expect(calls).toBe(1);
  }, 30_000);
});
