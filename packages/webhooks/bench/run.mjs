// Benchmark: verified deliveries per second through the handler (core, Fetch API, node:http; memory and Redis
// stores) against raw HMAC-SHA256 of the same bodies, in the same run, as ratios. Bounded in count and in time.
import { execFileSync, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { Agent, createServer, request } from "node:http";
import { webhookSignature } from "@pgi/signing";
import { Redis } from "ioredis";
import { createFetchHandler, createNodeHandler, createWebhookHandler } from "../dist/index.js";
import { createRedisStore } from "../dist/redis-store.js";

const N = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const CASE_LIMIT_MS = Number(process.env.BENCH_CASE_MS ?? 10_000);
const SECRET = "bench-secret";
const deliveries = Array.from({ length: N }, (_, i) =>
  webhookSignature.sign(
    {
      previous_status: "Pending",
      current_status: "Approved",
      change_timestamp: 1754978400 + i,
      mid: 8000051,
      merchant_uuid: `11eb-de10-3a450888-${i}`,
      event_name: "Website status update",
      error: "NA",
      remarks: "NA",
    },
    SECRET,
  ),
);

/** Runs `one(delivery)` over the deliveries (`parallel` at a time) until all are done or the time limit. */
async function measure(label, one, parallel = 1) {
  let next = 0;
  let done = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < N && performance.now() - t0 < CASE_LIMIT_MS) {
      const d = deliveries[next++];
      const status = await one(d);
      if (status !== 200) throw new Error(`${label}: delivery answered ${status}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { label, done, rate: done / ((performance.now() - t0) / 1000) };
}

const rawHmac = () =>
  measure("raw HMAC-SHA256 of the same bodies", (d) => {
    createHmac("sha256", SECRET).update(d.body).digest("hex");
    return 200;
  });
await rawHmac(); // warm-up: the baseline is measured hot, so the ratios are not flattered
const rows = [await rawHmac()];
rows.push(
  await measure("webhookSignature.verify only (canonical form + HMAC)", (d) =>
    webhookSignature.verify(d.body, d.digest, SECRET) ? 200 : 401,
  ),
);
{
  const h = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
  rows.push(
    await measure("handler core, memory store", async (d) => (await h.handle(d.body, d.digest)).status),
  );
}
{
  const h = createFetchHandler({ secret: SECRET, onEvent: () => {} });
  rows.push(
    await measure("Fetch-API handler (Request → Response), memory store", async (d) => {
      const r = await h(
        new Request("http://x/", { method: "POST", body: d.body, headers: { authorization: d.digest } }),
      );
      return r.status;
    }),
  );
}
{
  const server = createServer(createNodeHandler({ secret: SECRET, onEvent: () => {} }));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const post = (d) =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, method: "POST", path: "/", agent, headers: { authorization: d.digest } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        },
      );
      req.on("error", reject);
      req.end(d.body);
    });
  rows.push(await measure("node:http handler over loopback (keep-alive, 8 in flight)", post, 8));
  agent.destroy();
  server.closeAllConnections();
  server.close();
}

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

let redisServer;
try {
  const bin = execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  const port = await freePort();
  redisServer = spawn(
    bin,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const client = new Redis(`redis://127.0.0.1:${port}`, { retryStrategy: (n) => (n > 40 ? null : 50) });
  client.on("error", () => {}); // refused connections while redis-server starts
  await new Promise((resolve, reject) => {
    client.once("ready", resolve);
    client.once("end", () => reject(new Error("redis-server did not accept connections")));
  });
  const h = createWebhookHandler({ secret: SECRET, onEvent: () => {}, store: createRedisStore(client) });
  rows.push(
    await measure(
      "handler core, Redis store (one at a time)",
      async (d) => (await h.handle(d.body, d.digest)).status,
    ),
  );
  await client.flushall();
  rows.push(
    await measure(
      "handler core, Redis store (16 in flight)",
      async (d) => (await h.handle(d.body, d.digest)).status,
      16,
    ),
  );
  client.disconnect();
} catch (error) {
  console.log(`Redis rows skipped: ${error.message} (install redis-server to measure them)`);
} finally {
  redisServer?.kill("SIGKILL");
}

const [raw] = rows;
console.log(
  `\nverified merchant status webhooks, up to ${N} distinct deliveries per case (${CASE_LIMIT_MS} ms cap)\n`,
);
for (const row of rows) {
  const ratio = row === raw ? "baseline" : `${(row.rate / raw.rate).toFixed(3)}x raw HMAC`;
  console.log(
    `  ${row.label.padEnd(62)} ${row.rate.toFixed(0).padStart(8)} /s  ${ratio.padStart(16)}  (${row.done})`,
  );
}
