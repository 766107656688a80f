// Benchmark: our mock (all seven hosts, one process) against `prism mock` (CLI, one host per process), same
// bundles, same load generator (autocannon, 10 connections), same run. Prints rps ratio, p50/p99, RSS, start time.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sign } from "@pgi/signing";
import autocannon from "autocannon";
import { parse } from "yaml";
import { DEFAULT_CREDENTIALS } from "../dist/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const prismBin = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist", "index.js");
const bundle = (host) => join(here, "..", "dist", "specs", `${host}.yaml`);

// The documented request example of the mandate authorization, re-signed with the mock's salt.
const gatewayDoc = parse(readFileSync(bundle("gateway"), "utf8"));
const deref = (v) =>
  v?.$ref
    ? deref(
        v.$ref
          .slice(2)
          .split("/")
          .reduce((n, k) => n[k], gatewayDoc),
      )
    : v;
const authorize = deref(gatewayDoc.paths["/AuthorizeTransaction.php"].post);
const form = structuredClone(
  deref(Object.values(deref(authorize.requestBody).content)[0].examples.tokenisedCard).value,
);
form.key = DEFAULT_CREDENTIALS.merchantKey;
form.hash = sign("mandate-authorization", form, DEFAULT_CREDENTIALS.salt).digest;

const CASES = [
  {
    name: "valid GET (complaint status, bearer checked)",
    host: "bbps",
    method: "GET",
    path: "/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=CMP1",
    headers: { authorization: `Bearer ${DEFAULT_CREDENTIALS.bbpsToken}` },
  },
  {
    name: "valid form POST (mandate authorization, hash checked by us only)",
    host: "gateway",
    method: "POST",
    path: "/AuthorizeTransaction.php",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  },
  {
    name: "invalid JSON POST (send OTP, bad mobile number)",
    host: "otp",
    method: "POST",
    path: "/otp/send",
    headers: { "content-type": "application/json", clienttype: "WEB" },
    body: JSON.stringify({ mobileNumber: "12345", merchantName: "Shop", merchantDomain: "shop.in" }),
  },
];

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function waitUp(url, deadline = Date.now() + 20_000) {
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error(`${url} did not come up`);
}

async function start(args, probe) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
  await waitUp(probe);
  return { child, startMs: performance.now() - t0 };
}

const stop = (child) =>
  new Promise((r) => {
    child.once("exit", r);
    child.kill("SIGTERM");
  });

async function load(url, c) {
  // Warm up briefly, then measure.
  await autocannon({ url, method: c.method, headers: c.headers, body: c.body, connections: 10, duration: 1 });
  const r = await autocannon({
    url,
    method: c.method,
    headers: c.headers,
    body: c.body,
    connections: 10,
    duration: DURATION,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const BASE = 4710;
const ours = await start(
  [join(here, "..", "bin", "pgi-mock.js"), "--port-base", String(BASE), "--quiet"],
  `http://127.0.0.1:${BASE}/__mock/health`,
);
const PORTS = { otp: BASE, gateway: BASE + 1, bbps: BASE + 6 };
const rows = [];
for (const c of CASES) {
  const url = `http://127.0.0.1:${PORTS[c.host]}${c.path}`;
  const ourResult = await load(url, c);
  const ourRss = rssMb(ours.child.pid);
  const prismPort = 4790;
  const prism = await start(
    [prismBin, "mock", "-p", String(prismPort), "-h", "127.0.0.1", "-v", "silent", bundle(c.host)],
    `http://127.0.0.1:${prismPort}/`,
  );
  const prismResult = await load(`http://127.0.0.1:${prismPort}${c.path}`, c);
  const prismRss = rssMb(prism.child.pid);
  await stop(prism.child);
  rows.push({ c, ourResult, ourRss, prismResult, prismRss, prismStart: prism.startMs });
}
const idleRss = rssMb(ours.child.pid);
await stop(ours.child);

const f = (n, d = 0) => n.toFixed(d);
console.log(`\nmock vs prism mock (CLI, -v silent), autocannon 10 connections, ${DURATION} s per case\n`);
for (const { c, ourResult: o, ourRss, prismResult: p, prismRss, prismStart } of rows) {
  console.log(c.name);
  console.log(
    `  ours   ${f(o.rps).padStart(7)} rps  p50 ${o.p50} ms  p99 ${o.p99} ms  RSS ${f(ourRss)} MB (7 hosts)  answers non-2xx ${o.non2xx}`,
  );
  console.log(
    `  prism  ${f(p.rps).padStart(7)} rps  p50 ${p.p50} ms  p99 ${p.p99} ms  RSS ${f(prismRss)} MB (1 host)   start ${f(prismStart)} ms`,
  );
  console.log(`  ratio  ${f(o.rps / p.rps, 2)}x rps`);
}
console.log(`\nours: cold start ${f(ours.startMs)} ms for 7 hosts, RSS after the run ${f(idleRss)} MB`);
console.log(
  "goals: >= 2x Prism's rps, p99 < 5 ms, 7 hosts < 300 MB, start < 2 s (ours does more per request: tokens, scopes, hashes, state)",
);
