// Benchmark: verified deliveries per second through the handler (memory and Redis stores) against raw HMAC of the
// same bodies, in the same run. Bounded: a fixed number of deliveries per case.

import { execFileSync, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { webhookSignature } from "@pgi/signing";
import { Redis } from "ioredis";
import { createFetchHandler, createWebhookHandler } from "../dist/index.js";
import { createRedisStore } from "../dist/redis-store.js";

const N = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const SECRET = "bench-secret";
const deliveries = Array.from({ length: N }, (_, i) =>
  webhookSignature.sign(
    {
      previous_status: "Pending",
      current_status: "Approved",
      change_timestamp: 1754978400 + i,
      mid: 8000051,
      merchant_uuid: `m-${i}`,
      event_name: "Website status update",
      error: "NA",
      remarks: "NA",
    },
    SECRET,
  ),
);

async function time(label, fn) {
  const t0 = performance.now();
  await fn();
  const s = (performance.now() - t0) / 1000;
  return { label, rate: N / s };
}

const raw = await time("raw HMAC-SHA256 of the same bodies", () => {
  for (const d of deliveries) createHmac("sha256", SECRET).update(d.body).digest("hex");
});
const memory = await time("handler core, memory store", async () => {
  const h = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
  for (const d of deliveries) await h.handle(d.body, d.digest);
});
const fetchHandler = await time("Fetch-API handler (Request → Response), memory store", async () => {
  const h = createFetchHandler({ secret: SECRET, onEvent: () => {} });
  for (const d of deliveries)
    await h(new Request("http://x/", { method: "POST", body: d.body, headers: { authorization: d.digest } }));
});

let redisRow;
const port = 6400 + Math.floor(Math.random() * 500);
let server;
try {
  const bin = execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  server = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await new Promise((r) => setTimeout(r, 300));
  const client = new Redis(`redis://127.0.0.1:${port}`);
  redisRow = await time("handler core, Redis store (SET NX PX + done marker)", async () => {
    const h = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {},
      store: createRedisStore(client, { prefix: `bench${Date.now()}:` }),
    });
    for (const d of deliveries) await h.handle(d.body, d.digest);
  });
  client.disconnect();
} catch (error) {
  console.log(`Redis row skipped: ${error.message}`);
} finally {
  server?.kill("SIGKILL");
}

console.log(`\nverified merchant status webhooks, ${N} distinct deliveries per case\n`);
for (const row of [raw, memory, fetchHandler, redisRow].filter(Boolean)) {
  const ratio = row === raw ? "baseline" : `${(row.rate / raw.rate).toFixed(3)}x of raw HMAC`;
  console.log(`  ${row.label.padEnd(56)} ${row.rate.toFixed(0).padStart(8)} /s   ${ratio}`);
}
