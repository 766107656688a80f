// Benchmark of the shared sandbox, one run: the mock on the memory store (the baseline), on a Redis store (one
// process), and on Redis with --workers 2, loaded in turns on the valid GET and the valid hashed form POST. Prints
// rps, p50/p99 and the ratios Redis/memory and 2 workers/1. Starts its own redis-server on a free port.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_NAMES } from "../dist/index.js";
import { CASES } from "./cases.mjs";
import { DURATION, loadInTurns, ROUNDS, start, stop, waitUp } from "./load.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "bin", "pgi-mock.js");

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

let redisBin;
try {
  redisBin = execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
} catch {
  console.log(
    "\nshared sandbox benchmark: NOT run, redis-server is not installed (apt-get install redis-server)",
  );
  process.exit(0);
}
const redisPort = await freePort();
const redisDir = mkdtempSync(join(tmpdir(), "pgi-bench-redis-"));
const redis = spawn(
  redisBin,
  ["--port", String(redisPort), "--bind", "127.0.0.1", "--dir", redisDir, "--save", "", "--appendonly", "no"],
  { stdio: "ignore" },
);
const url = `redis://127.0.0.1:${redisPort}`;

const servers = {
  memory: { base: 4810, args: [] },
  redis: { base: 4910, args: ["--redis", url, "--namespace", "bench-one"] },
  workers2: { base: 5010, args: ["--redis", url, "--namespace", "bench-two", "--workers", "2"] },
};
const portOf = (base, host) => base + HOST_NAMES.indexOf(host);
const running = {};
try {
  for (const [name, s] of Object.entries(servers)) {
    running[name] = await start(
      [BIN, "--port-base", String(s.base), "--quiet", ...s.args],
      HOST_NAMES.map((h) => `http://127.0.0.1:${portOf(s.base, h)}/__mock/health`),
    );
  }
  // Both workers listen once the primary's table would show (all health checks answered); a few more for the second.
  await waitUp([`http://127.0.0.1:${portOf(servers.workers2.base, "otp")}/__mock/health`]);

  const f = (n, d = 0) => n.toFixed(d);
  console.log(
    `\nshared sandbox: autocannon, 10 connections, ${DURATION} s per server and case in ${ROUNDS} alternating rounds ` +
      "(median round shown); Redis on the same machine, load generator on the same cores\n",
  );
  const ratios = [];
  for (const c of CASES.filter((x) => x.short !== "invalid JSON POST")) {
    const targets = Object.fromEntries(
      Object.entries(servers).map(([name, s]) => [
        name,
        `http://127.0.0.1:${portOf(s.base, c.host)}${c.path}`,
      ]),
    );
    const r = await loadInTurns(targets, c);
    console.log(c.name);
    for (const [name, label] of [
      ["memory", "memory store, 1 process"],
      ["redis", "Redis store, 1 process"],
      ["workers2", "Redis store, --workers 2"],
    ]) {
      const x = r[name];
      console.log(
        `  ${label.padEnd(26)} ${f(x.rps).padStart(7)} rps  p50 ${x.p50} ms  p99 ${x.p99} ms  non-2xx ${x.non2xx}, errors ${x.errors}`,
      );
    }
    const redisToMemory = r.redis.rps / r.memory.rps;
    const twoToOne = r.workers2.rps / r.redis.rps;
    console.log(`  ratio    Redis/memory ${f(redisToMemory, 2)}, --workers 2 / 1 ${f(twoToOne, 2)}`);
    ratios.push([c.short, redisToMemory, twoToOne]);
  }
  console.log("\nshared sandbox, as measured in this run:");
  for (const [name, redisToMemory, twoToOne] of ratios) {
    console.log(
      `  ${name}: the Redis store serves ${f(redisToMemory, 2)} of the memory store's rps; 2 workers ${f(twoToOne, 2)}x one`,
    );
  }
} finally {
  for (const r of Object.values(running)) await stop(r.child);
  redis.kill("SIGKILL");
  rmSync(redisDir, { recursive: true, force: true });
}
