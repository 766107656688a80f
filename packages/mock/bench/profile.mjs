// CPU profile of the mock under load: starts the CLI with --cpu-prof, loads one bench case (autocannon, 10
// connections) for BENCH_SECONDS (default 5), stops it, and prints the functions with the most self time, as a
// share of the profile, grouped by function and file. Usage: node bench/profile.mjs ["valid GET" | ...] [TOP]
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { HOST_NAMES } from "../dist/index.js";
import { CASES } from "./cases.mjs";
import { start, stop } from "./load.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const which = process.argv[2] ?? "valid GET";
const top = Number(process.argv[3] ?? 15);
const c = CASES.find((x) => x.short === which);
if (!c) throw new Error(`no case ${which}; cases: ${CASES.map((x) => x.short).join(", ")}`);
const BASE = 4910;
const dir = mkdtempSync(join(tmpdir(), "pgi-mock-prof-"));
const mock = await start(
  [
    "--cpu-prof",
    "--cpu-prof-dir",
    dir,
    join(here, "..", "bin", "pgi-mock.js"),
    "--port-base",
    String(BASE),
    "--quiet",
  ],
  HOST_NAMES.map((h, i) => `http://127.0.0.1:${BASE + i}/__mock/health`),
);
const url = `http://127.0.0.1:${BASE + HOST_NAMES.indexOf(c.host)}${c.path}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const r = await autocannon({
  url,
  method: c.method,
  headers: c.headers,
  body: c.body,
  connections: 10,
  duration: seconds,
});
await stop(mock.child);

const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const grouped = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const where = f.url.startsWith("file:") ? relative(root, fileURLToPath(f.url)) : f.url;
  const key = `${f.functionName || "(anonymous)"}  ${where.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, "")}${where ? `:${f.lineNumber + 1}` : ""}`;
  grouped.set(key, (grouped.get(key) ?? 0) + us);
}
// Inclusive time: a function's self time plus everything it called (counted once where it recurses).
const keyOf = (n) => {
  const f = n.callFrame;
  const where = f.url.startsWith("file:") ? relative(root, fileURLToPath(f.url)) : f.url;
  return `${f.functionName || "(anonymous)"}  ${where.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, "")}${where ? `:${f.lineNumber + 1}` : ""}`;
};
const inclusive = new Map();
const walk = (id, open) => {
  const n = byId.get(id);
  const key = keyOf(n);
  let sum = self.get(id) ?? 0;
  const inner = open.has(key) ? open : new Set([...open, key]);
  for (const child of n.children ?? []) sum += walk(child, inner);
  if (!open.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
  return sum;
};
walk(profile.nodes[0].id, new Set());
const idle = [...grouped].filter(([k]) => /^\((idle|program|garbage collector)\)/.test(k));
console.log(
  `${c.name}: ${Math.round(r.requests.average)} rps under the profiler (${seconds} s, 10 connections)`,
);
console.log(`self time by function, share of all samples (${(total / 1e6).toFixed(1)} s):`);
for (const [k, us] of idle) console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
const work = [...grouped].filter(([k]) => !idle.some(([i]) => i === k)).sort((a, b) => b[1] - a[1]);
for (const [k, us] of work.slice(0, top))
  console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);

if (process.env.INCLUSIVE) {
  console.log("\ninclusive time (self and callees), this package's functions and node:http's:");
  const ours = [...inclusive]
    .filter(([k]) => /packages\/mock\/dist|_http_|stream_base|net:/.test(k))
    .sort((a, b) => b[1] - a[1]);
  for (const [k, us] of ours.slice(0, top))
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
}
