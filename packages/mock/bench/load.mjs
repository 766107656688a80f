// Starting servers and loading them in turns with autocannon, for the benchmarks (one round each, alternating).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

/** The RSS of a process in MB. */
export const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** Waits (at most 30 s) until every URL answers. */
export async function waitUp(urls, deadline = Date.now() + 30_000) {
  const pending = new Set(urls);
  while (Date.now() < deadline && pending.size > 0) {
    await Promise.all(
      [...pending].map((url) =>
        fetch(url).then(
          (r) => r.arrayBuffer().then(() => pending.delete(url)),
          () => {},
        ),
      ),
    );
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 5));
  }
  if (pending.size > 0) throw new Error(`${[...pending].join(", ")} did not come up`);
}

/** Spawns node with `args`; resolves once every probe answers, with the time it took. */
export async function start(args, probes) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
  await waitUp(probes);
  return { child, startMs: performance.now() - t0 };
}

/** Stops a server (SIGTERM) and waits for its exit. */
export const stop = (child) =>
  new Promise((r) => {
    child.once("exit", r);
    child.kill("SIGTERM");
  });

export const ROUNDS = 3;
export const once = async (url, c, duration, connections = 10) => {
  const r = await autocannon({
    url,
    method: c.method,
    headers: c.headers,
    body: c.body,
    connections,
    duration,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
};
/** The round with the median rps, and the counts summed over the rounds. */
const median = (rounds) => {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  return {
    ...mid,
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
};

/**
 * Loads the servers of one case in turns (a warm-up each, then ROUNDS rounds that alternate between them), so the
 * machine's other load falls on all of them alike; each gets its median round.
 */
export async function loadInTurns(targets, c) {
  for (const url of Object.values(targets)) await once(url, c, 1);
  const rounds = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, url] of Object.entries(targets)) rounds[k].push(await once(url, c, DURATION / ROUNDS));
  }
  return Object.fromEntries(Object.entries(rounds).map(([k, r]) => [k, median(r)]));
}
