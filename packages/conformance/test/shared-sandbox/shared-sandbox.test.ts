// A shared sandbox passes the whole suite: three `pgi-mock --redis` processes on one namespace behind a round-robin
// TCP balancer, and `pgi-conformance --target env` pointed at the balancer with the credentials it serves. Only
// the two CLIs are driven, as a CI job would.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_NAMES, type HostName } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Balancer, startBalancer } from "./balancer.js";
import { freePort, startRedis, type TestRedis } from "./redis-server.js";

const MOCK_BIN = join(
  dirname(createRequire(import.meta.url).resolve("@pgi/mock")),
  "..",
  "bin",
  "pgi-mock.js",
);
const SUITE_BIN = fileURLToPath(new URL("../../bin/pgi-conformance.js", import.meta.url));
const INSTANCES = 3;

let redis: TestRedis;
let balancer: Balancer;
const mocks: ChildProcess[] = [];
const stderr: string[] = [];

/** Runs a child to its end (bounded), with its output. */
function finish(child: ChildProcess, ms: number): Promise<{ code: number | null; out: string; err: string }> {
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

async function serves(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/__mock/health`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  redis = await startRedis();
  const upstreams = Object.fromEntries(HOST_NAMES.map((h) => [h, [] as number[]])) as Record<
    HostName,
    number[]
  >;
  for (let i = 0; i < INSTANCES; i++) {
    const ports = await Promise.all(HOST_NAMES.map(() => freePort()));
    HOST_NAMES.forEach((h, k) => {
      upstreams[h].push(ports[k] as number);
    });
    // 0.05: a 3 s retry takes 150 ms, and an attempt may wait 1.5 s for its answer on a loaded machine.
    const args = [
      MOCK_BIN,
      "--redis",
      redis.url,
      "--namespace",
      "conformance",
      "--time-factor",
      "0.05",
      "--quiet",
    ];
    const child = spawn(
      process.execPath,
      [...args, ...HOST_NAMES.flatMap((h, k) => ["--port", `${h}=${ports[k]}`])],
      {
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    child.stderr?.on("data", (c: Buffer) => stderr.push(c.toString("utf8")));
    mocks.push(child);
  }
  const all = HOST_NAMES.flatMap((h) => upstreams[h].map((p) => `http://127.0.0.1:${p}`));
  const deadline = Date.now() + 60_000;
  while (!(await Promise.all(all.map(serves))).every(Boolean)) {
    if (Date.now() > deadline || mocks.some((m) => m.exitCode !== null)) {
      throw new Error(`the mock instances did not start: ${stderr.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  balancer = await startBalancer(upstreams);
}, 90_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.all(
    mocks.map(
      (m) =>
        new Promise((resolve) => {
          if (m.exitCode !== null || m.signalCode !== null) return resolve(undefined);
          m.once("exit", resolve);
          m.kill("SIGTERM");
        }),
    ),
  );
  await redis?.destroy();
});

describe("the suite against a shared sandbox of three instances behind a balancer", () => {
  it("passes with 0 failures", async () => {
    const credentials = (await (await fetch(`${balancer.urls.otp}/__mock/credentials`)).json()) as Record<
      string,
      string
    >;
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", NO_COLOR: "1" };
    for (const [name, value] of Object.entries(credentials)) if (!name.endsWith("_URL")) env[name] = value;
    for (const h of HOST_NAMES) env[`PGI_${h.toUpperCase()}_URL`] = balancer.urls[h];
    const run = await finish(
      spawn(process.execPath, [SUITE_BIN, "--target", "env"], { env, stdio: ["ignore", "pipe", "pipe"] }),
      240_000,
    );
    const last = run.out.trim().split("\n").at(-1) ?? "";
    const spread = HOST_NAMES.map((h) => `${h} ${balancer.upstreamCounts(h).join("/")}`).join(", ");
    console.log(`shared sandbox: ${last}; connections per instance: ${spread}`);
    expect(run.err).toBe("");
    expect(last).toMatch(/^\d+ passed, 0 failed/);
    expect(Number(/^(\d+) passed/.exec(last)?.[1])).toBeGreaterThan(100);
    expect(run.code).toBe(0);
    // Every instance served: the balancer spread the suite's connections over all three.
    const perInstance = Array.from({ length: INSTANCES }, (_, i) =>
      HOST_NAMES.reduce((n, h) => n + (balancer.upstreamCounts(h)[i] ?? 0), 0),
    );
    expect(perInstance.every((n) => n > 0)).toBe(true);
  }, 300_000);
});
