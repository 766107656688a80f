// Mock instances as real processes for the shared-sandbox tests: `pgi-mock --redis ...` children on free ports,
// ready once every host answers its health check, stopped (SIGTERM) or killed (SIGKILL) by their own pid.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { HOST_NAMES, type HostName } from "../../src/types.js";
import { freePort } from "./redis-server.js";

const BIN = fileURLToPath(new URL("../../bin/pgi-mock.js", import.meta.url));

/** A running pgi-mock process. */
export interface MockInstance {
  child: ChildProcess;
  urls: Record<HostName, string>;
  ports: Record<HostName, number>;
  out(): string;
  err(): string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (kill -9), and when it is gone. */
  kill(): Promise<void>;
}

/** Options of startInstance(). */
export interface InstanceOptions {
  redis: string;
  namespace: string;
  timeFactor?: number;
  /** Reuse these ports (a restart on the same ports). */
  ports?: Record<HostName, number>;
  extraArgs?: string[];
  env?: Record<string, string>;
  /** Wait for every host's health check (default); false returns at once (for a process that must fail). */
  waitReady?: boolean;
}

/** Polls `check` every 50 ms until it is true or `ms` pass; false on time out. */
export async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** True when every host of `urls` answers GET /__mock/health with 200. */
export async function healthy(urls: Record<HostName, string>): Promise<boolean> {
  const answers = await Promise.all(
    HOST_NAMES.map((h) =>
      fetch(`${urls[h]}/__mock/health`, { signal: AbortSignal.timeout(2_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      ),
    ),
  );
  return answers.every(Boolean);
}

/**
 * Starts `pgi-mock --redis URL --namespace NS` on free ports (quiet), and waits (at most 30 s) until it serves.
 *
 * @example
 * const a = await startInstance({ redis: redis.url, namespace: "t1", timeFactor: 0.01 });
 */
export async function startInstance(options: InstanceOptions): Promise<MockInstance> {
  const ports =
    options.ports ??
    (Object.fromEntries(await Promise.all(HOST_NAMES.map(async (h) => [h, await freePort()]))) as Record<
      HostName,
      number
    >);
  const urls = Object.fromEntries(HOST_NAMES.map((h) => [h, `http://127.0.0.1:${ports[h]}`])) as Record<
    HostName,
    string
  >;
  const args = [
    BIN,
    ...HOST_NAMES.flatMap((h) => ["--port", `${h}=${ports[h]}`]),
    "--redis",
    options.redis,
    "--namespace",
    options.namespace,
    "--time-factor",
    String(options.timeFactor ?? 0.01),
    "--quiet",
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const instance: MockInstance = {
    child,
    urls,
    ports,
    out: () => out,
    err: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  if (options.waitReady === false) return instance;
  const up = await until(async () => child.exitCode !== null || (await healthy(urls)), 30_000);
  if (!up || child.exitCode !== null) {
    await instance.kill();
    throw new Error(`pgi-mock did not start (exit ${child.exitCode}): ${err}`);
  }
  return instance;
}

/** A JSON call: status, headers and the parsed body (or the text). */
export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | object } = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const body = typeof init.body === "object" ? JSON.stringify(init.body) : init.body;
  const res = await fetch(url, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      ...(typeof init.body === "object" ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a text answer
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
