// Benchmark: latency the contract proxy adds to a form POST whose request hash and result.hash it recomputes.
// Direct and proxied requests alternate in the same run against the same local upstream (keep-alive on every leg),
// so the difference of the percentiles is the proxy's cost: forwarding plus the checks (--enforce: checks first).
// The proxy runs in a worker thread, its own event loop, as it runs in its own process in real use.
import { Agent, createServer, request } from "node:http";
import { loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { paymentResponse, sign } from "@pgi/signing";
import { targetFromNames } from "../dist/config/targets.js";
import { judge } from "../dist/proxy/judge.js";
import { route } from "../dist/proxy/match.js";
import { buildRequest } from "../dist/requests/build-request.js";
import { requestBody } from "../dist/spec/request-body.js";
import { deref, loadSpecSet } from "../dist/spec/spec-set.js";

const N = Number(process.env.BENCH_PROXY_REQUESTS ?? 2000);
const WARMUP = 200;
const SALT = "bench-salt-not-a-secret";

const specs = loadSpecSet();
const op = specs.operations.find((o) => o.operationId === "authorizeMandateTransaction");
const example = requestBody(specs, op).examples[0][1];

// The upstream answers the documented "registered" answer, its result.hash signed for the request.
const doc = specs.docs.get("gateway");
const media = Object.values(deref(doc, op.raw.responses["200"]).content)[0];
const answer = structuredClone(deref(doc, media.examples.registered).value);
const upstream = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
    const result = { ...answer.result, key: form.key, txnid: form.txnid, amount: form.amount };
    result.hash = sign("payment-response", paymentResponse.fieldsFor(result, form), SALT).digest;
    const text = JSON.stringify({ ...answer, result });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
});
await new Promise((r) => upstream.listen(0, "127.0.0.1", r));
const upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;
const target = targetFromNames("bench upstream", {
  PGI_GATEWAY_URL: upstreamUrl,
  PGI_MERCHANT_KEY: "Jx7Kq2",
  PGI_SALT: SALT,
});
const built = buildRequest(specs, op, target, { body: example });
const body = Buffer.from(built.body);

const agent = new Agent({ keepAlive: true, maxSockets: 10 });
const post = (url) =>
  new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const headers = { ...built.headers, "content-length": body.length };
    const req = request(url, { method: "POST", headers, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
    });
    req.on("error", reject);
    req.end(body);
  });

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Starts the proxy in a worker; resolves with its gateway URL and a stop() that returns its judgement counts. */
async function proxyWorker(enforce) {
  const worker = new Worker(new URL("./proxy-worker.mjs", import.meta.url), {
    workerData: { upstreamUrl, salt: SALT, enforce, skip: WARMUP },
  });
  const url = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        worker.once("message", (counts) => {
          void worker.terminate();
          resolve(counts);
        });
        worker.postMessage("stop");
      }),
  };
}

/** `clients` loops at once, each alternating a direct and a proxied request; the N requests each way are shared. */
async function measure(enforce, clients) {
  const proxy = await proxyWorker(enforce);
  const direct = [];
  const proxied = [];
  let next = 0;
  const loop = async () => {
    for (let i = next++; i < WARMUP + N; i = next++) {
      const d = await post(`${upstreamUrl}/AuthorizeTransaction.php`);
      const p = await post(`${proxy.url}/AuthorizeTransaction.php`);
      if (i >= WARMUP) {
        direct.push(d);
        proxied.push(p);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { direct, proxied, ...(await proxy.stop()) };
}

console.log(
  `contract proxy: added latency, form POST /AuthorizeTransaction.php, ${N} requests each way after ${WARMUP} warm-up (load average ${loadavg()[0].toFixed(1)})`,
);
for (const [enforce, clients] of [
  [false, 1],
  [true, 1],
  [false, 10],
  [true, 10],
]) {
  const r = await measure(enforce, clients);
  const row = (p) => {
    const d = pct(r.direct, p);
    const x = pct(r.proxied, p);
    return `p${p} direct ${d.toFixed(3)} ms, through the proxy ${x.toFixed(3)} ms, added ${(x - d).toFixed(3)} ms`;
  };
  console.log(
    `  ${enforce ? "--enforce (checked before forwarding)" : "default (checked while forwarding)"}, ${clients} client${clients > 1 ? "s at once" : ""}`,
  );
  console.log(`    ${row(50)}   (goal: added under 1 ms)`);
  console.log(`    ${row(99)}   (goal: added under 3 ms)`);
  console.log(
    `    ${r.hashChecked}/${r.judged} exchanges with request hash and result.hash recomputed and verified; ${r.failed} failed`,
  );
}

// The checks alone (no sockets): what judging one such exchange costs in CPU.
const form = Object.fromEntries(new URLSearchParams(built.body));
const result = { ...answer.result, key: form.key, txnid: form.txnid, amount: form.amount };
result.hash = sign("payment-response", paymentResponse.fieldsFor(result, form), SALT).digest;
const answerBytes = Buffer.from(JSON.stringify({ ...answer, result }));
const ctx = { specs, credentials: { salt: SALT } };
const recorded = {
  host: "gateway",
  route: route(specs, "gateway", "POST", "/AuthorizeTransaction.php"),
  startedAt: new Date(),
  durationMs: 0,
  request: {
    method: "POST",
    url: built.url,
    headers: { "content-type": built.headers["Content-Type"] },
    body: { bytes: body, size: body.length, complete: true },
  },
  answer: {
    status: 200,
    statusText: "OK",
    headers: { "content-type": "application/json" },
    body: { bytes: answerBytes, size: answerBytes.length, complete: true },
  },
};
const cpu = [];
for (let i = 0; i < WARMUP + N; i++) {
  const t0 = process.hrtime.bigint();
  judge(ctx, recorded);
  if (i >= WARMUP) cpu.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
console.log(
  `  the checks alone (schema, request hash, result.hash): p50 ${pct(cpu, 50).toFixed(3)} ms, p99 ${pct(cpu, 99).toFixed(3)} ms of CPU per exchange`,
);
agent.destroy();
upstream.close();
