import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookSignature } from "@pgi/signing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeHandler } from "../../src/adapters.js";
import { StoreUnavailableError, type WebhookError } from "../../src/errors.js";
import { createWebhookHandler, type WebhookHandlerOptions } from "../../src/handler.js";
import { duplicateKey } from "../../src/payload.js";
import { createRedisStore } from "../../src/redis-store.js";
import { storeContract } from "../store/store-contract.js";
import { TestRedis } from "./redis-server.js";

const SECRET = "test-webhook-secret";
let redis: TestRedis;
const clients: Redis[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  redis = await TestRedis.start();
}, 300_000);
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  for (const c of clients) c.disconnect();
  await redis?.down();
});

/** A connection as one receiver process would hold it: fail fast while Redis is down, reconnect after. */
async function connect(): Promise<Redis> {
  const client = new Redis(redis.url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => 50,
  });
  client.on("error", () => {});
  clients.push(client);
  if (client.status !== "ready") await new Promise((r) => client.once("ready", r));
  return client;
}

let runs = 0;
/** One receiver instance: its own connection, the shared Redis, one run's key prefix. */
const instance = async (options: Partial<WebhookHandlerOptions> & Pick<WebhookHandlerOptions, "onEvent">) =>
  createWebhookHandler({
    secret: SECRET,
    store: createRedisStore(await connect(), { prefix: `run${runs}:` }),
    ...options,
  });

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
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("Redis store: the store contract", () => {
  let shared: Redis;
  beforeAll(async () => {
    shared = await connect();
  });
  storeContract(() => ({
    store: createRedisStore(shared, { prefix: "contract:" }),
    pass: wait,
    shortMs: 500,
  }));
});

describe("two receiver instances sharing one Redis", () => {
  it("an event reaching both over HTTP at the same moment is processed exactly once", async () => {
    runs++;
    const processed = new Map<string, number>();
    const onEvent: WebhookHandlerOptions["onEvent"] = (_e, { key }) => {
      processed.set(key, (processed.get(key) ?? 0) + 1);
    };
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const server = createServer(
        createNodeHandler({
          secret: SECRET,
          onEvent,
          store: createRedisStore(await connect(), { prefix: `run${runs}:` }),
        }),
      );
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    }
    const post = (url: string, d: { body: string; digest: string }) =>
      fetch(url, { method: "POST", body: d.body, headers: { authorization: d.digest } }).then(
        (r) => r.status,
      );
    const events = Array.from({ length: 25 }, delivery);
    for (const d of events) {
      const statuses = await Promise.all(urls.map((u) => post(u, d)));
      // One instance processes it (200); the other finds it in progress (409) or, if it came second, done (200).
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      // The sender's retry, to either instance, is a duplicate.
      expect(await post(urls[1] as string, d)).toBe(200);
    }
    expect(processed.size).toBe(25);
    expect([...processed.values()].every((c) => c === 1)).toBe(true);
  });

  it("a failure on one instance is retried on the other, which processes it once", async () => {
    runs++;
    const calls: string[] = [];
    const a = await instance({
      onEvent: () => {
        calls.push("a");
        throw new Error("instance a: database down");
      },
    });
    const b = await instance({ onEvent: () => void calls.push("b") });
    const { body, digest } = delivery();
    expect((await a.handle(body, digest)).status).toBe(500);
    expect((await b.handle(body, digest)).status).toBe(200);
    expect((await a.handle(body, digest)).body).toEqual({ ok: true, duplicate: true });
    expect(calls).toEqual(["a", "b"]);
  });

  it("an instance that dies holding a claim blocks the event only for the lease; another then processes it", async () => {
    runs++;
    const calls: string[] = [];
    const prefix = `run${runs}:`;
    const b = await instance({ claimLeaseMs: 200, onEvent: () => void calls.push("b") });
    const { body, digest } = delivery();
    // Instance a claimed the event and died before finishing: its claim is never renewed, completed or released.
    const event = JSON.parse(body);
    expect(
      (await createRedisStore(await connect(), { prefix }).claim(duplicateKey(event), 1_000)).state,
    ).toBe("claimed");
    expect((await b.handle(body, digest)).status).toBe(409);
    let status = 409;
    for (const until = Date.now() + 30_000; Date.now() < until && status === 409; ) {
      await wait(25);
      status = (await b.handle(body, digest)).status;
    }
    expect(status).toBe(200);
    expect(calls).toEqual(["b"]);
  });
});

describe("a Redis outage", () => {
  it("fails deliveries loudly (503, onError) without calling back, and they succeed once Redis is back", async () => {
    runs++;
    let calls = 0;
    const errors: WebhookError[] = [];
    const handler = await instance({ onEvent: () => void calls++, onError: (e) => void errors.push(e) });
    const { body, digest } = delivery();
    await redis.down();
    const refused = await handler.handle(body, digest);
    expect([refused.status, refused.body.error]).toEqual([503, "store_unavailable"]);
    expect(refused.body.message).toMatch(/not processed: retry later/);
    expect(errors[0]).toBeInstanceOf(StoreUnavailableError);
    expect(errors[0]?.message).toMatch(/refused with 503 so the sender retries/);
    expect(calls).toBe(0);
    await redis.up();
    let answer = refused;
    for (const until = Date.now() + 30_000; Date.now() < until && answer.status !== 200; ) {
      await wait(50);
      answer = await handler.handle(body, digest);
    }
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect((await handler.handle(body, digest)).body.duplicate).toBe(true);
    expect(calls).toBe(1);
  }, 120_000);
});
