// One receiver process of the fault suite: node:http + createNodeHandler from the built dist, on a shared Redis.
// Every processed event is appended to LOG before onEvent returns (a write that survives SIGKILL). Faults on demand:
// FAIL_EVERY=n fails the first callback of events whose seq is a multiple of n, and their release (always);
// KILL_AFTER=n blocks inside the first callback of an event with seq >= n and prints "hang" for the test to SIGKILL.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { Redis } from "ioredis";
import { createNodeHandler } from "../../dist/index.js";
import { createRedisStore } from "../../dist/redis-store.js";

const env = (name, fallback) => process.env[name] ?? fallback;
const NAME = env("NAME", "receiver");
const LOG = env("LOG");
const WORK_MS = Number(env("WORK_MS", "5"));
const FAIL_EVERY = Number(env("FAIL_EVERY", "0"));
const KILL_AFTER = Number(env("KILL_AFTER", "-1"));
const say = (line) => process.stdout.write(`${line}\n`);

const client = new Redis(env("REDIS_URL"), {
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
  retryStrategy: () => 50,
});
client.on("error", () => {});
const redisStore = createRedisStore(client, { prefix: env("PREFIX", "fault:") });

const failed = new Set(); // keys whose first callback failed here: their release fails too
const committed = new Set(); // keys processed (logged) but not yet recorded done in Redis
const store = {
  claim: (k, l) => redisStore.claim(k, l),
  renew: (k, t, l) => redisStore.renew(k, t, l),
  release: (k, t) => {
    if (failed.has(k)) {
      say("release-failed");
      return Promise.reject(new Error("injected: connection reset during release"));
    }
    return redisStore.release(k, t);
  },
  complete: async (k, t, ttl) => {
    await redisStore.complete(k, t, ttl);
    committed.delete(k);
  },
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let killArmed = KILL_AFTER >= 0;

/** Blocks this process for good once no processed event is still unrecorded; the test then SIGKILLs it. */
async function hang(inFlight) {
  for (let i = 0; i < 5_000 && committed.size > 0; i++) await sleep(1);
  say(`hang ${inFlight} ${committed.size}`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}

let inFlight = 0;
const handler = createNodeHandler({
  secret: env("SECRET"),
  store,
  claimLeaseMs: Number(env("CLAIM_LEASE_MS", "3000")),
  storeTimeoutMs: Number(env("STORE_TIMEOUT_MS", "500")),
  onError: (e) => say(`error ${e.code} ${e.operation ?? ""}`),
  onEvent: async (event, { key }) => {
    const seq = event.mid;
    inFlight++;
    try {
      if (killArmed && seq >= KILL_AFTER) {
        killArmed = false;
        await hang(inFlight);
      }
      await sleep(WORK_MS);
      if (FAIL_EVERY > 0 && seq % FAIL_EVERY === 0 && !failed.has(key)) {
        failed.add(key);
        throw new Error("injected: first callback fails");
      }
      appendFileSync(LOG, `${seq} ${NAME}\n`);
      committed.add(key);
    } finally {
      inFlight--;
    }
  },
});

const server = createServer(handler);
server.keepAliveTimeout = 5_000;
server.listen(Number(env("PORT")), "127.0.0.1", () => say(`ready ${server.address().port}`));
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close();
  client.disconnect();
});
