// Benchmark, one run: bare node:http (a fixed body: the ceiling), `prism mock` (CLI, one host per process) and our
// mock (all seven hosts, one process) on the same bundles and load generator (autocannon, 10 connections). Prints
// rps, p50/p99 and RSS per case, each ratio to Prism and to the ceiling, and our start-up times.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_NAMES } from "../dist/index.js";
import { bundle, CASES } from "./cases.mjs";
import { DURATION, loadInTurns, once, ROUNDS, rssMb, start, stop } from "./load.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist", "index.js");

const HOST_ORDER = HOST_NAMES;
const BASE = 4710;
const portOf = (host) => BASE + HOST_ORDER.indexOf(host);

// Start-up: the CLI until all seven hosts answer /__mock/health, and startMock() in-process after the import.
const ours = await start(
  [join(here, "..", "bin", "pgi-mock.js"), "--port-base", String(BASE), "--quiet"],
  HOST_ORDER.map((h) => `http://127.0.0.1:${portOf(h)}/__mock/health`),
);
const inProcess = JSON.parse(
  execFileSync(process.execPath, [join(here, "start-in-process.mjs")], { encoding: "utf8" }),
);

const CEILING_PORT = 4780;
const ceiling = await start(
  [join(here, "ceiling.mjs"), String(CEILING_PORT)],
  [`http://127.0.0.1:${CEILING_PORT}/`],
);

const rows = [];
for (const c of CASES) {
  const prismPort = 4790;
  const prism = await start(
    [prismBin, "mock", "-p", String(prismPort), "-h", "127.0.0.1", "-v", "silent", bundle(c.host)],
    [`http://127.0.0.1:${prismPort}/`],
  );
  const results = await loadInTurns(
    {
      ours: `http://127.0.0.1:${portOf(c.host)}${c.path}`,
      ceiling: `http://127.0.0.1:${CEILING_PORT}${c.path}`,
      prism: `http://127.0.0.1:${prismPort}${c.path}`,
    },
    c,
  );
  const prismRss = rssMb(prism.child.pid);
  await stop(prism.child);
  rows.push({
    c,
    ourResult: results.ours,
    ourRss: rssMb(ours.child.pid),
    prismResult: results.prism,
    prismRss,
    prismStart: prism.startMs,
    ceilingResult: results.ceiling,
  });
}
// Scale: how our rps on the valid GET grows with the connections, beside the ceiling's at the same count.
const scale = [];
const get = CASES[0];
for (const connections of [1, 10, 100]) {
  const o = await once(
    `http://127.0.0.1:${portOf(get.host)}${get.path}`,
    get,
    Math.max(1, DURATION / 2),
    connections,
  );
  const b = await once(
    `http://127.0.0.1:${CEILING_PORT}${get.path}`,
    get,
    Math.max(1, DURATION / 2),
    connections,
  );
  scale.push({ connections, o, b });
}
const ceilingRss = rssMb(ceiling.child.pid);
await stop(ceiling.child);
const finalRss = rssMb(ours.child.pid);
await stop(ours.child);

const f = (n, d = 0) => n.toFixed(d);
const line = (label, r, rss, extra = "") =>
  `  ${label.padEnd(8)} ${f(r.rps).padStart(7)} rps  p50 ${r.p50} ms  p99 ${r.p99} ms  RSS ${f(rss)} MB${extra}`;
console.log(
  `\nautocannon, 10 connections, ${DURATION} s per server and case in ${ROUNDS} alternating rounds (median round shown), load generator on the same cores\n`,
);
const verdicts = [];
for (const { c, ourResult: o, ourRss, prismResult: p, prismRss, prismStart, ceilingResult: b } of rows) {
  console.log(c.name);
  console.log(line("ceiling", b, ceilingRss, "  (bare node:http, fixed body)"));
  console.log(line("prism", p, prismRss, `  (1 host)  start ${f(prismStart)} ms`));
  console.log(line("ours", o, ourRss, `  (7 hosts)  non-2xx ${o.non2xx}, errors ${o.errors}`));
  const toPrism = o.rps / p.rps;
  const toCeiling = o.rps / b.rps;
  console.log(`  ratio    ${f(toPrism, 2)}x Prism, ${f(toCeiling, 2)} of the ceiling`);
  verdicts.push([`${c.short}: >= 5x Prism (issue 24)`, toPrism >= 5, `${f(toPrism, 2)}x`]);
  if (c.short === "valid GET")
    verdicts.push([`${c.short}: >= 0.5 of the ceiling`, toCeiling >= 0.5, f(toCeiling, 2)]);
  verdicts.push([`${c.short}: p99 < 5 ms`, o.p99 < 5, `${o.p99} ms`]);
}
console.log(`\nscale, ${get.name}: rps by connections (ours / ceiling)`);
for (const { connections, o, b } of scale)
  console.log(
    `  ${String(connections).padStart(3)} connections  ours ${f(o.rps).padStart(6)} rps (p99 ${o.p99} ms)  ceiling ${f(b.rps).padStart(6)} rps  ratio ${f(o.rps / b.rps, 2)}`,
  );
console.log(
  `\nours: all 7 hosts answering /__mock/health ${f(ours.startMs)} ms after spawn; ` +
    `startMock() in-process ${f(inProcess.startMockMs)} ms after a ${f(inProcess.importMs)} ms import; ` +
    `RSS after the run ${f(finalRss)} MB`,
);
verdicts.push(["7 hosts under 200 MB RSS", finalRss < 200, `${f(finalRss)} MB`]);
verdicts.push(["7 hosts answering health < 1 s from spawn", ours.startMs < 1000, `${f(ours.startMs)} ms`]);
verdicts.push([
  "startMock() < 500 ms after the import",
  inProcess.startMockMs < 500,
  `${f(inProcess.startMockMs)} ms`,
]);
console.log("\ngoals (issues 17 and 24), as measured in this run:");
for (const [goal, met, value] of verdicts) console.log(`  ${met ? "met    " : "NOT met"}  ${goal}: ${value}`);
